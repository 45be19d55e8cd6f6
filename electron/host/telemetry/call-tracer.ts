import type { ConsentContext } from '../../../shared/consent/consent-types.ts';
import type { ServerState, ToolCallOutcome } from '../../../shared/servers/server-state.ts';
import type { ChatProvider } from '../chat/providers/provider.ts';
import type { TraceContextMeta } from '../servers/server-connection.ts';

/** Who made a tool call outside a chat turn (`switchboard.call.source`); `switchboard call` is never traced. */
export type CallSource = 'app' | 'run-tool';

export interface ToolCallTraceStart {
  source: CallSource;
  server: string;
  tool: string;
  /** For the protocol version and transport attributes. */
  state?: Pick<ServerState, 'protocolVersion' | 'transport'>;
  conversationId?: string;
  /** An app's call: the tool whose app made it. */
  appTool?: string;
}

export interface SamplingTraceStart {
  server: string;
  state?: Pick<ServerState, 'protocolVersion' | 'transport'>;
  /** The call the request belongs to, when known: a call of a traced turn makes it a child of that call's span. */
  context?: ConsentContext;
}

/** Spans of what happens outside a chat turn, there only while trace export is on (`telemetry-service.ts`). */
export interface CallTracer {
  /** A `tools/call {tool}` root span around `run`, whose context `run` sends to the server in `_meta`. */
  toolCall(call: ToolCallTraceStart, run: (traceContext: TraceContextMeta) => Promise<ToolCallOutcome>): Promise<ToolCallOutcome>;
  /** A call that never reached the server: denied by the person or a policy, asked at `startedAt` (ms). */
  deniedCall(call: ToolCallTraceStart, denial: { startedAt: number; via: 'policy' | 'person' }): void;
  /** A server's `sampling/createMessage`, from its arrival to the answer or refusal. */
  sampling(request: SamplingTraceStart): SamplingTrace;
}

export interface SamplingTrace {
  /** The same provider, its `streamTurn` a `chat {model}` child span naming the server. */
  provider(provider: ChatProvider): ChatProvider;
  end(error?: unknown): void;
}

/** `run` as is without a tracer, else inside a span whose context it passes on. */
export function tracedCall(
  tracer: CallTracer | undefined,
  call: ToolCallTraceStart,
  run: (traceContext?: TraceContextMeta) => Promise<ToolCallOutcome>,
): Promise<ToolCallOutcome> {
  return tracer ? tracer.toolCall(call, run) : run();
}
