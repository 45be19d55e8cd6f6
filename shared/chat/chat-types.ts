import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/client';
import type { ContextBlock } from '../context/context-types.ts';

export type ProviderId = 'anthropic' | 'openai';

export type ToolCallStatus =
  | 'awaiting-approval'
  | 'running'
  | 'done'
  | 'error'
  /** The server's call timeout or maximum was hit; `error` says which. */
  | 'timed-out'
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
  /** The model's own arguments, when the person edited them before approving: the call ran with `arguments`. */
  modelArguments?: Record<string, unknown>;
  startedAt?: number;
  durationMs?: number;
  /** Which model response of the turn asked for the call (1-based): calls of one response are replayed together. */
  step?: number;
  /**
   * A call of the host's `load_skill` or `read_skill_file` (SEP-2640 skills), not of a server's tool: the skill
   * it loaded or read from. `server` is the skill's server.
   */
  skill?: { uri: string; name: string; path?: string };
}

export interface NoticeBlock {
  type: 'notice';
  level: 'info' | 'warning' | 'error';
  text: string;
  /** A tool held back from the model because it changed since it was approved: the notice offers its review. */
  heldTool?: { server: string; tool: string };
}

/** A tool the model found by searching, as the model knows it and where it leads. */
export interface FoundTool {
  server: string;
  tool: string;
  modelName: string;
}

/**
 * The model searched the tools it was not shown. `provider`: the Messages API's own tool search ran on
 * Anthropic's side (`server_tool_use` + `tool_search_tool_result`, replayed as they came); `host`: the model
 * called Switchboard's `search_tools`, whose results became callable in its next step.
 */
export interface ToolSearchBlock {
  type: 'tool_search';
  /** The provider's id of the search call (`srvtoolu_…` or the tool call id). */
  id: string;
  via: 'provider' | 'host';
  /** The search tool's name as the model used it. */
  toolName: string;
  /** What the model sent, replayed as it was. */
  input: Record<string, unknown>;
  query: string;
  found: FoundTool[];
  /** Local searches: the text the model got back, replayed as it was so the request prefix stays the same. */
  resultText?: string;
  /** The search failed: the provider's error code, or why the host could not search. */
  error?: string;
  /** Which model response of the turn made the search (1-based), as for tool calls. */
  step?: number;
}

export type ChatBlock = TextBlock | ToolCallBlock | NoticeBlock | ToolSearchBlock | ContextBlock;

/** What the model was given in the last step of an answer: tools loaded in full, and tools left to search. */
export interface ToolOfferSummary {
  loaded: number;
  searchable: number;
}

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
  /** Assistant messages: the tools of the answer's last model step. */
  toolOffer?: ToolOfferSummary;
  /** User messages an MCP App sent (`ui/message`): the server and the tool whose app it is. */
  fromApp?: { server: string; tool: string };
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
  /** Set when `messages` is a window (`chat.get` with `limit` or `from`): older messages remain to load. */
  hasOlder?: boolean;
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
