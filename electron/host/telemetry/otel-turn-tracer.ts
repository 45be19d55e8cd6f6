import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ChatProvider, TurnResult } from '../chat/providers/provider.ts';
import { isAbortError, ProviderError } from '../chat/providers/provider-error.ts';
import type { ChatToolHost } from '../chat/tool-offer.ts';
import type { CallToolOptions } from '../servers/calls/server-calls.ts';
import type { TurnTrace, TurnTraceStart, TurnTracer } from './turn-tracer.ts';

/**
 * Spans after the OpenTelemetry GenAI conventions (model requests: `chat {model}`) and MCP conventions (tool
 * calls: `tools/call {tool}`, client kind). Names and counts only: no argument, result, prompt or answer text
 * goes into any attribute, nor an error message (a server may echo arguments in it); failures carry `error.type`.
 */
export function otelTurnTracer(tracer: Tracer): TurnTracer {
  return {
    startTurn: (turn) => {
      const root = tracer.startSpan('chat turn', {
        kind: SpanKind.INTERNAL,
        attributes: { 'gen_ai.conversation.id': turn.conversationId, 'gen_ai.provider.name': turn.provider, 'gen_ai.request.model': turn.model },
      });
      return turnTrace(tracer, root, trace.setSpan(ROOT_CONTEXT, root), turn);
    },
  };
}

function turnTrace(tracer: Tracer, root: Span, parent: Context, turn: TurnTraceStart): TurnTrace {
  return {
    provider: (provider) => tracedProvider(tracer, parent, provider),
    tools: (tools) => tracedTools(tracer, parent, tools, turn),
    end: (status) => {
      root.setAttribute('switchboard.turn.status', status);
      if (status === 'error') failed(root, 'provider_error');
      root.end();
    },
  };
}

function tracedProvider(tracer: Tracer, parent: Context, provider: ChatProvider): ChatProvider {
  return {
    id: provider.id,
    listModels: (signal) => provider.listModels(signal),
    streamTurn: async (request, sink) => {
      const span = tracer.startSpan(
        `chat ${request.model}`,
        { kind: SpanKind.CLIENT, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': provider.id, 'gen_ai.request.model': request.model } },
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

/** Every other member passes through untouched; only `callTool` is wrapped. */
function tracedTools(tracer: Tracer, parent: Context, tools: ChatToolHost, turn: TurnTraceStart): ChatToolHost {
  const callTool: ChatToolHost['callTool'] = async (server, tool, args, options: CallToolOptions = {}) => {
    const state = tools.list().find((candidate) => candidate.name === server);
    const attributes: Attributes = {
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': tool,
      'gen_ai.conversation.id': turn.conversationId,
      'switchboard.server.name': server,
      ...(state?.protocolVersion ? { 'mcp.protocol.version': state.protocolVersion } : {}),
      ...(state ? { 'network.transport': state.transport === 'stdio' ? 'pipe' : 'tcp' } : {}),
      ...(options.context?.toolCallId ? { 'gen_ai.tool.call.id': options.context.toolCallId } : {}),
    };
    const span = tracer.startSpan(`tools/call ${tool}`, { kind: SpanKind.CLIENT, attributes }, parent);
    try {
      const outcome = await tools.callTool(server, tool, args, { ...options, traceContext: traceContextOf(span) });
      if (outcome.result.isError === true) failed(span, 'tool_error');
      span.end();
      return outcome;
    } catch (error) {
      failed(span, toolErrorType(error, options.signal));
      span.end();
      throw error;
    }
  };
  return new Proxy(tools, {
    get: (target, key) => {
      if (key === 'callTool') return callTool;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The outcome classes of the activity record, in the `snake_case` of `error.type` values (MCP conventions: `tool_error`). */
function toolErrorType(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return 'cancelled';
  const code = error instanceof HostError ? error.code : undefined;
  if (code === 'timeout') return 'timeout';
  if (code === 'cancelled') return 'cancelled';
  if (code === 'server_unavailable') return 'transport_error';
  return 'protocol_error';
}

/** W3C Trace Context of the tool call's span, as 2026-07-28 Basic → General fields → `_meta` reserves it (SEP-414). */
function traceContextOf(span: Span): { traceparent: string; tracestate?: string } {
  const context = span.spanContext();
  const flags = (context.traceFlags & 0xff).toString(16).padStart(2, '0');
  const tracestate = context.traceState?.serialize();
  return { traceparent: `00-${context.traceId}-${context.spanId}-${flags}`, ...(tracestate ? { tracestate } : {}) };
}

function failed(span: Span, type: string): void {
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}
