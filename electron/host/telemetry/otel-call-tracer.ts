import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { Attributes, Tracer } from '@opentelemetry/api';
import type { CallTracer, ToolCallTraceStart } from './call-tracer.ts';
import { deniedSpan, failed, serverAttributes, spanToolCall, toolCallAttributes, tracedProvider } from './otel-spans.ts';
import type { LiveToolSpans } from './otel-spans.ts';

/**
 * Tool calls outside a chat turn (Run tool, an app's), each a trace of its own, and servers' sampling requests:
 * an MCP server span (the conventions' kind for a request the server initiates) with the model request under it.
 */
export function otelCallTracer(tracer: Tracer, live: LiveToolSpans): CallTracer {
  return {
    toolCall: (call, run) => {
      const span = tracer.startSpan(`tools/call ${call.tool}`, { kind: SpanKind.CLIENT, attributes: callAttributes(call) }, ROOT_CONTEXT);
      return spanToolCall(span, undefined, run);
    },
    deniedCall: (call, { startedAt, via }) =>
      deniedSpan(tracer, { ...callAttributes(call), 'switchboard.approval.via': via }, startedAt, ROOT_CONTEXT),
    sampling: ({ server, state, context }) => {
      const callSpan = live.get(context?.conversationId, context?.toolCallId);
      const named: Attributes = { 'switchboard.server.name': server };
      const span = tracer.startSpan(
        'sampling/createMessage',
        {
          kind: SpanKind.SERVER,
          attributes: {
            'mcp.method.name': 'sampling/createMessage',
            ...named,
            ...serverAttributes(state),
            ...(context?.conversationId ? { 'gen_ai.conversation.id': context.conversationId } : {}),
          },
        },
        callSpan ? trace.setSpan(ROOT_CONTEXT, callSpan) : ROOT_CONTEXT,
      );
      const parent = trace.setSpan(ROOT_CONTEXT, span);
      return {
        provider: (provider) => tracedProvider(tracer, parent, provider, named),
        end: (error) => {
          if (error !== undefined) {
            // MCP conventions: `error.type` is the JSON-RPC error code the request was answered with (-1: refused).
            const code = (error as { code?: unknown } | null)?.code;
            const type = typeof code === 'number' ? String(code) : '_OTHER';
            if (typeof code === 'number') span.setAttribute('rpc.response.status_code', type);
            failed(span, type);
          }
          span.end();
        },
      };
    },
  };
}

function callAttributes(call: ToolCallTraceStart): Attributes {
  return {
    ...toolCallAttributes(call.server, call.tool, call.state),
    'switchboard.call.source': call.source,
    ...(call.conversationId ? { 'gen_ai.conversation.id': call.conversationId } : {}),
    ...(call.appTool ? { 'switchboard.app.tool': call.appTool } : {}),
  };
}
