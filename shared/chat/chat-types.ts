import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/client';

export type ProviderId = 'anthropic' | 'openai';

export type ToolCallStatus =
  | 'awaiting-approval'
  | 'running'
  | 'done'
  | 'error'
  | 'denied'
  | 'cancelled';

export interface TextBlock {
  type: 'text';
  text: string;
}

export interface ToolCallBlock {
  type: 'tool_call';
  /** The provider's id for the call (tool_use id / tool_call id). */
  id: string;
  server: string;
  tool: string;
  /** The namespaced name the model used. */
  modelName: string;
  arguments: Record<string, unknown>;
  status: ToolCallStatus;
  annotations?: ToolAnnotations;
  /** The whole result, kept for the UI even when what the model got was truncated. */
  result?: CallToolResult;
  /** Set when the model got a shortened result. */
  truncatedForModel?: { originalChars: number; sentChars: number };
  error?: string;
  denialReason?: string;
  startedAt?: number;
  durationMs?: number;
  /** Which model response of the turn asked for the call (1-based): calls of one response are replayed together. */
  step?: number;
}

export interface NoticeBlock {
  type: 'notice';
  level: 'info' | 'warning' | 'error';
  text: string;
  /** A tool held back from the model because it changed since it was approved: the notice offers its review. */
  heldTool?: { server: string; tool: string };
}

export type ChatBlock = TextBlock | ToolCallBlock | NoticeBlock;

export type ProviderErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'overloaded'
  | 'network'
  | 'stream'
  | 'bad_request'
  | 'server'
  | 'no_api_key'
  | 'unknown';

export interface ProviderErrorInfo {
  kind: ProviderErrorKind;
  message: string;
  /** From a 429's retry-after, when the provider said. */
  retryAfterSeconds?: number;
  status?: number;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
}

export type MessageStatus = 'complete' | 'streaming' | 'stopped' | 'error';

export interface ChatMessage {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant';
  blocks: ChatBlock[];
  status: MessageStatus;
  createdAt: number;
  model?: string;
  provider?: ProviderId;
  usage?: TokenUsage;
  error?: ProviderErrorInfo;
}

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  model?: string;
  provider?: ProviderId;
}

export interface Conversation extends ConversationSummary {
  messages: ChatMessage[];
  /** Tools switched off for this conversation only: `server` (all its tools) or `server/tool`. */
  disabledTools: string[];
}

export interface SearchHit {
  conversationId: string;
  title: string;
  messageId: string;
  /** Text around the match; the matched words are wrapped in `[[` and `]]`. */
  snippet: string;
  updatedAt: number;
}

export type TurnState = 'idle' | 'streaming' | 'awaiting-approval' | 'running-tools';
