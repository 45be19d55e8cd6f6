import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { ToolApprover } from '../chat/approval/tool-approver.ts';
import type { ChatToolHost } from '../chat/tool-offer.ts';
import type { CallToolOptions } from '../servers/calls/server-calls.ts';
import { deniedSpan, failed, spanToolCall, toolCallAttributes, tracedProvider } from './otel-spans.ts';
import type { LiveToolSpans } from './otel-spans.ts';
import type { TurnTrace, TurnTraceStart, TurnTracer } from './turn-tracer.ts';

/**
 * Spans after the OpenTelemetry GenAI conventions (model requests: `chat {model}`) and MCP conventions (tool
 * calls: `tools/call {tool}`, client kind), all children of the turn's root span.
 */
export function otelTurnTracer(tracer: Tracer, live: LiveToolSpans): TurnTracer {
  return {
    startTurn: (turn) => {
      const root = tracer.startSpan('chat turn', {
        kind: SpanKind.INTERNAL,
        attributes: { 'gen_ai.conversation.id': turn.conversationId, 'gen_ai.provider.name': turn.provider, 'gen_ai.request.model': turn.model },
      });
      return turnTrace(tracer, root, trace.setSpan(ROOT_CONTEXT, root), turn, live);
    },
  };
}

function turnTrace(tracer: Tracer, root: Span, parent: Context, turn: TurnTraceStart, live: LiveToolSpans): TurnTrace {
  return {
    provider: (provider) => tracedProvider(tracer, parent, provider),
    tools: (tools) => tracedTools(tracer, parent, tools, turn, live),
    approver: (approver) => tracedApprover(tracer, parent, approver, turn),
    end: (status) => {
      root.setAttribute('switchboard.turn.status', status);
      if (status === 'error') failed(root, 'provider_error');
      root.end();
    },
  };
}

/** Every other member passes through untouched; only `callTool` is wrapped. */
function tracedTools(tracer: Tracer, parent: Context, tools: ChatToolHost, turn: TurnTraceStart, live: LiveToolSpans): ChatToolHost {
  const callTool: ChatToolHost['callTool'] = (server, tool, args, options: CallToolOptions = {}) => {
    const state = tools.list().find((candidate) => candidate.name === server);
    const toolCallId = options.context?.toolCallId;
    const attributes = {
      ...toolCallAttributes(server, tool, state),
      'gen_ai.conversation.id': turn.conversationId,
      ...(toolCallId ? { 'gen_ai.tool.call.id': toolCallId } : {}),
    };
    const span = tracer.startSpan(`tools/call ${tool}`, { kind: SpanKind.CLIENT, attributes }, parent);
    const gone = toolCallId ? live.add(turn.conversationId, toolCallId, span) : () => {};
    return spanToolCall(span, options.signal, (traceContext) => tools.callTool(server, tool, args, { ...options, traceContext })).finally(gone);
  };
  return passThrough(tools, 'callTool', callTool);
}

/** A denied call is on the record too, as a span of the turn; only `approve` is wrapped. */
function tracedApprover(tracer: Tracer, parent: Context, approver: ToolApprover, turn: TurnTraceStart): ToolApprover {
  const approve: ToolApprover['approve'] = async (question, signal) => {
    const startedAt = Date.now();
    const outcome = await approver.approve(question, signal);
    if (!outcome.run && outcome.status === 'denied') {
      deniedSpan(
        tracer,
        {
          ...toolCallAttributes(question.server, question.tool.name, undefined),
          'gen_ai.conversation.id': turn.conversationId,
          'switchboard.approval.via': outcome.via,
          ...(question.toolCallId ? { 'gen_ai.tool.call.id': question.toolCallId } : {}),
        },
        startedAt,
        parent,
      );
    }
    return outcome;
  };
  return passThrough(approver, 'approve', approve);
}

function passThrough<T extends object>(target: T, name: keyof T, replacement: unknown): T {
  return new Proxy(target, {
    get: (object, key) => {
      if (key === name) return replacement;
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
