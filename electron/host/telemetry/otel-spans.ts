import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { ServerState, ToolCallOutcome } from '../../../shared/servers/server-state.ts';
import type { ChatProvider, TurnResult } from '../chat/providers/provider.ts';
import { isAbortError, ProviderError } from '../chat/providers/provider-error.ts';
import { callOutcomeClass } from '../servers/calls/call-outcome.ts';
import type { TraceContextMeta } from '../servers/server-connection.ts';

// What every tracer here shares. Names and counts only: no argument, result, prompt or answer text goes into any
// attribute, nor an error message (a server may echo arguments in it); failures carry `error.type`.

/** MCP conventions for a `tools/call` client span (`mcp.method.name`, `gen_ai.tool.name`, transport, version). */
export function toolCallAttributes(server: string, tool: string, state: Pick<ServerState, 'protocolVersion' | 'transport'> | undefined): Attributes {
  return {
    'mcp.method.name': 'tools/call',
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': tool,
    'switchboard.server.name': server,
    ...serverAttributes(state),
  };
}

export function serverAttributes(state: Pick<ServerState, 'protocolVersion' | 'transport'> | undefined): Attributes {
  return {
    ...(state?.protocolVersion ? { 'mcp.protocol.version': state.protocolVersion } : {}),
    ...(state ? { 'network.transport': state.transport === 'stdio' ? 'pipe' : 'tcp' } : {}),
  };
}

/** Runs the call with the span's context for `_meta`, then ends the span with the call's outcome class. */
export async function spanToolCall(
  span: Span,
  signal: AbortSignal | undefined,
  run: (traceContext: TraceContextMeta) => Promise<ToolCallOutcome>,
): Promise<ToolCallOutcome> {
  try {
    const outcome = await run(traceContextOf(span));
    if (outcome.result.isError === true) failed(span, 'tool_error');
    span.end();
    return outcome;
  } catch (error) {
    failed(span, toolErrorType(error, signal));
    span.end();
    throw error;
  }
}

/**
 * A call that never reached the server. No MCP request went out, so it is an internal span (GenAI conventions'
 * `execute_tool` kind) keeping the `tools/call {tool}` name, so it is found with the calls that ran.
 */
export function deniedSpan(tracer: Tracer, attributes: Attributes, startedAt: number, parent?: Context): void {
  const tool = String(attributes['gen_ai.tool.name']);
  const span = tracer.startSpan(`tools/call ${tool}`, { kind: SpanKind.INTERNAL, attributes, startTime: startedAt }, parent);
  failed(span, 'denied');
  span.end();
}

/** The same provider, each `streamTurn` a `chat {model}` client span (GenAI conventions), with `extra` attributes. */
export function tracedProvider(tracer: Tracer, parent: Context, provider: ChatProvider, extra: Attributes = {}): ChatProvider {
  return {
    id: provider.id,
    listModels: (signal) => provider.listModels(signal),
    streamTurn: async (request, sink) => {
      const span = tracer.startSpan(
        `chat ${request.model}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': provider.id, 'gen_ai.request.model': request.model, ...extra },
        },
        parent,
      );
      try {
        const result = await provider.streamTurn(request, sink);
        span.setAttributes(usageAttributes(result));
        span.end();
        return result;
      } catch (error) {
        failed(span, isAbortError(error) ? 'cancelled' : error instanceof ProviderError ? error.info.kind : 'provider_error');
        span.end();
        throw error;
      }
    },
  };
}

function usageAttributes(result: TurnResult): Attributes {
  const { usage } = result;
  return {
    'gen_ai.response.finish_reasons': [result.stopReason],
    // The conventions count cached input in the total; `TokenUsage.inputTokens` leaves it out.
    'gen_ai.usage.input_tokens': usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens,
    'gen_ai.usage.output_tokens': usage.outputTokens,
    ...(usage.cacheReadTokens > 0 ? { 'gen_ai.usage.cache_read.input_tokens': usage.cacheReadTokens } : {}),
    ...(usage.cacheCreationTokens > 0 ? { 'gen_ai.usage.cache_creation.input_tokens': usage.cacheCreationTokens } : {}),
  };
}

/** The activity record's class of a failed call (one classifier for both), as an `error.type` value in `snake_case` (MCP conventions: `tool_error`). */
function toolErrorType(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return 'cancelled';
  return callOutcomeClass(error).replace('-', '_');
}

/** W3C Trace Context of the tool call's span, as 2026-07-28 Basic → General fields → `_meta` reserves it (SEP-414). */
function traceContextOf(span: Span): TraceContextMeta {
  const context = span.spanContext();
  const flags = (context.traceFlags & 0xff).toString(16).padStart(2, '0');
  const tracestate = context.traceState?.serialize();
  return { traceparent: `00-${context.traceId}-${context.spanId}-${flags}`, ...(tracestate ? { tracestate } : {}) };
}

export function failed(span: Span, type: string): void {
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * The spans of the turns' tool calls still running, by conversation and tool call id, so a server's sampling
 * request that names the call it belongs to (`ServerCalls.callContext`) joins that call's trace.
 */
export class LiveToolSpans {
  private readonly spans = new Map<string, Span>();

  add(conversationId: string, toolCallId: string, span: Span): () => void {
    const key = JSON.stringify([conversationId, toolCallId]);
    this.spans.set(key, span);
    return () => {
      if (this.spans.get(key) === span) this.spans.delete(key);
    };
  }

  get(conversationId: string | undefined, toolCallId: string | undefined): Span | undefined {
    return conversationId && toolCallId ? this.spans.get(JSON.stringify([conversationId, toolCallId])) : undefined;
  }
}
