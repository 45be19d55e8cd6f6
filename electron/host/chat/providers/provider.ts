import type { MessageParam, Tool as AnthropicTool, ToolChoice as AnthropicToolChoice, ToolUnion } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';
import type { ChatMessage, ProviderId, TokenUsage, ToolSearchBlock } from '../../../../shared/chat/chat-types.ts';
import type { ModelInfo } from '../../../../shared/chat/settings-types.ts';
import type { ToolRef } from '../bridge/tool-names.ts';

/** The tools of one request as each provider takes them (a `ToolIndex`, or a `RequestTools` with tool search). */
export interface ProviderTools {
  readonly anthropicTools: readonly ToolUnion[];
  readonly openaiTools: readonly ChatCompletionFunctionTool[];
  resolve(modelName: string): ToolRef | undefined;
}

export interface ToolUse {
  /** The provider's id for the call. */
  id: string;
  /** The namespaced name the model used. */
  name: string;
  input: Record<string, unknown>;
  /** Set when the model's arguments were not a JSON object; the call is answered with this error. */
  inputError?: string;
}

export interface PartialToolUse {
  id: string;
  name: string;
  json: string;
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'refusal' | 'other';

export interface TurnRequest {
  model: string;
  system: string;
  /** The conversation so far, the answer being built last (its tool calls settled). */
  history: readonly ChatMessage[];
  tools: ProviderTools;
  /** Characters of one tool result the model gets. */
  toolResultCharLimit: number;
  signal: AbortSignal;
  /** Caps the response below the provider's own default, as a sampling request asks (client/sampling). */
  maxTokens?: number;
  /**
   * A sampling request's messages, tools and options, already in this provider's format (`human/sampling/`):
   * sent instead of `history` and `tools`, so images, audio, tool uses and results go as the server wrote them.
   */
  sampling?: SamplingTurn;
}

export interface SamplingTurn {
  anthropic?: { messages: MessageParam[]; tools?: AnthropicTool[]; toolChoice?: AnthropicToolChoice };
  openai?: { messages: ChatCompletionMessageParam[]; tools?: ChatCompletionFunctionTool[]; toolChoice?: ChatCompletionToolChoiceOption };
  temperature?: number;
  stopSequences?: string[];
}

export interface TurnSink {
  /** Text to append to the answer's current text block. */
  text(delta: string): void;
  /** A tool use, complete with its arguments. */
  toolUse(use: ToolUse): void;
  /**
   * A tool use whose arguments are still streaming: called once its name is known and after each piece, with
   * all of its JSON text so far. The same `id` comes to `toolUse` once the arguments are complete.
   */
  toolInputDelta?(partial: PartialToolUse): void;
  /** A search the provider ran on its side (the Messages API's tool search), complete with what it found. */
  toolSearch?(search: ToolSearchBlock): void;
}

export interface TurnResult {
  stopReason: StopReason;
  usage: TokenUsage;
  toolUses: ToolUse[];
}

/**
 * One model provider: streams one model response from our history, and lists models. Throws `ProviderError`
 * on failure; an abort through `signal` rejects with an abort error (tell with `isAbortError`).
 */
export interface ChatProvider {
  readonly id: ProviderId;
  streamTurn(request: TurnRequest, sink: TurnSink): Promise<TurnResult>;
  listModels(signal?: AbortSignal): Promise<ModelInfo[]>;
}

export function emptyUsage(): TokenUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 };
}

export function addUsage(total: TokenUsage, step: TokenUsage): TokenUsage {
  return {
    inputTokens: total.inputTokens + step.inputTokens,
    outputTokens: total.outputTokens + step.outputTokens,
    cacheReadTokens: total.cacheReadTokens + step.cacheReadTokens,
    cacheCreationTokens: total.cacheCreationTokens + step.cacheCreationTokens,
  };
}

/** Arguments as the model streamed them → a JSON object, or the reason they are not one. */
export function parseToolInput(json: string): { input: Record<string, unknown>; error?: string } {
  if (json.trim() === '') return { input: {} };
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return { input: value as Record<string, unknown> };
    return { input: {}, error: 'the arguments were not a JSON object' };
  } catch {
    return { input: {}, error: 'the arguments were not valid JSON' };
  }
}
