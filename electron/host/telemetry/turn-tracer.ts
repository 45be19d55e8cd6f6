import type { ChatMessage, ProviderId } from '../../../shared/chat/chat-types.ts';
import type { ToolApprover } from '../chat/approval/tool-approver.ts';
import type { ChatProvider } from '../chat/providers/provider.ts';
import type { ChatToolHost } from '../chat/tool-offer.ts';

export interface TurnTraceStart {
  conversationId: string;
  provider: ProviderId;
  model: string;
}

/** Spans of chat turns, there only while trace export is on (`telemetry-service.ts`). */
export interface TurnTracer {
  /** The root span of one turn; every model request and tool call of the turn is its child. */
  startTurn(turn: TurnTraceStart): TurnTrace;
}

export interface TurnTrace {
  /** The same provider, each `streamTurn` a `chat {model}` span. */
  provider(provider: ChatProvider): ChatProvider;
  /** The same tool host, each `callTool` a `tools/call {tool}` span whose context goes to the server in `_meta`. */
  tools(tools: ChatToolHost): ChatToolHost;
  /** The same approver; a call it denies is a `tools/call {tool}` span with `error.type` `denied`. */
  approver(approver: ToolApprover): ToolApprover;
  end(status: ChatMessage['status']): void;
}
