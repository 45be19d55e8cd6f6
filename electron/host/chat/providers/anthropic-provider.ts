import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  MessageParam,
  RawMessageStreamEvent,
  ServerToolUseBlockParam,
  TextBlockParam,
  ToolSearchToolResultBlock,
  ToolSearchToolResultBlockParam,
  ToolSearchToolResultErrorCode,
  ToolUnion,
} from '@anthropic-ai/sdk/resources/messages';
import type { FoundTool, TokenUsage, ToolSearchBlock } from '../../../../shared/chat/chat-types.ts';
import { ANTHROPIC_SEARCH_TOOL, queryOf } from '../tool-search/search-tools.ts';
import type { ModelInfo } from '../../../../shared/chat/settings-types.ts';
import { toAnthropicToolResult } from '../bridge/result-anthropic.ts';
import { anthropicContext } from '../../context/context-for-model.ts';
import { historyTurns, resultForModel } from './history-steps.ts';
import { emptyUsage, parseToolInput } from './provider.ts';
import type { ChatProvider, ProviderTools, StopReason, ToolUse, TurnRequest, TurnResult, TurnSink } from './provider.ts';
import { ProviderError, registerSdkErrors, toProviderError } from './provider-error.ts';

registerSdkErrors(Anthropic);

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

export interface AnthropicProviderOptions {
  apiKey: string;
  baseURL?: string;
  /** Retries of listing models; few, so a failing call reaches the person quickly. */
  maxRetries?: number;
  /** Retries of a streamed turn (default 0). */
  turnRetries?: number;
  timeoutMs?: number;
  maxTokens?: number;
}

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * Our history → Messages API `messages`. Consecutive messages of one role are merged (a failed turn leaves two
 * user messages in a row), and the last block carries a cache breakpoint so each step of a tool loop reads the
 * conversation so far from the prompt cache.
 */
export function toAnthropicMessages(request: Pick<TurnRequest, 'history' | 'toolResultCharLimit'> & { tools?: ProviderTools }): MessageParam[] {
  // The API's searches are replayed only while its search tool is in the request, and only with the tools it
  // still knows: a reference to a tool switched off since would be refused. Local searches are not replayed here.
  const tools = request.tools;
  const last = tools?.anthropicTools.at(-1);
  const searching = last !== undefined && 'name' in last && last.name === ANTHROPIC_SEARCH_TOOL.name;
  const messages: MessageParam[] = [];
  const push = (role: 'user' | 'assistant', content: ContentBlockParam[]) => {
    if (content.length === 0) return;
    const last = messages.at(-1);
    if (last && last.role === role) (last.content as ContentBlockParam[]).push(...content);
    else messages.push({ role, content: [...content] });
  };
  for (const turn of historyTurns(request.history)) {
    if (turn.role === 'user') {
      push('user', [...anthropicContext(turn.context), ...(turn.text.trim() ? [{ type: 'text' as const, text: turn.text }] : [])]);
      continue;
    }
    for (const step of turn.steps) {
      const content: ContentBlockParam[] = [];
      if (step.text.trim()) content.push({ type: 'text', text: step.text.trimEnd() });
      if (searching && tools) {
        for (const search of step.searches) if (search.via === 'provider') content.push(...searchBlocks(search, tools));
      }
      for (const call of step.calls) content.push({ type: 'tool_use', id: call.id, name: call.modelName, input: call.arguments });
      push('assistant', content);
      if (step.calls.length > 0) {
        push(
          'user',
          step.calls.map((call) => toAnthropicToolResult(call.id, resultForModel(call), { maxChars: request.toolResultCharLimit }).block),
        );
      }
    }
  }
  const lastBlock = (messages.at(-1)?.content as ContentBlockParam[] | undefined)?.at(-1);
  if (lastBlock && lastBlock.type !== 'thinking' && lastBlock.type !== 'redacted_thinking') {
    (lastBlock as TextBlockParam).cache_control = EPHEMERAL;
  }
  return messages;
}

/** A search the API ran, as it sent it: the `server_tool_use`, then its `tool_search_tool_result`. */
function searchBlocks(search: ToolSearchBlock, tools: ProviderTools): ContentBlockParam[] {
  const use: ServerToolUseBlockParam = { type: 'server_tool_use', id: search.id, name: search.toolName as ServerToolUseBlockParam['name'], input: search.input };
  const result: ToolSearchToolResultBlockParam = {
    type: 'tool_search_tool_result',
    tool_use_id: search.id,
    content: search.error
      ? { type: 'tool_search_tool_result_error', error_code: search.error as ToolSearchToolResultErrorCode }
      : {
          type: 'tool_search_tool_search_result',
          tool_references: search.found
            .filter((found) => tools.resolve(found.modelName) !== undefined)
            .map((found) => ({ type: 'tool_reference' as const, tool_name: found.modelName })),
        },
  };
  return [use, result];
}

/** Breakpoints on the last tool and the system prompt: tools, then system, are the stable prefix of every request. */
export function cachedTools(tools: readonly ToolUnion[]): ToolUnion[] {
  return tools.map((tool, index) => (index === tools.length - 1 ? { ...tool, cache_control: EPHEMERAL } : tool));
}

function mapStopReason(reason: string | null): StopReason {
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'end_turn';
  if (reason === 'tool_use') return 'tool_use';
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'max_tokens';
  if (reason === 'refusal') return 'refusal';
  return 'other';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The API's search result, with the tools it found led back to their servers; other server tools are not ours. */
function toSearchBlock(
  block: ToolSearchToolResultBlock,
  searches: ReadonlyMap<string, { name: string; input: Record<string, unknown> }>,
  tools: ProviderTools,
): ToolSearchBlock | undefined {
  const use = searches.get(block.tool_use_id);
  const found: FoundTool[] = [];
  let error: string | undefined;
  if (block.content.type === 'tool_search_tool_result_error') {
    error = block.content.error_code;
  } else {
    for (const reference of block.content.tool_references) {
      const ref = tools.resolve(reference.tool_name);
      if (ref) found.push({ ...ref, modelName: reference.tool_name });
    }
  }
  const input = use?.input ?? {};
  const search: ToolSearchBlock = {
    type: 'tool_search',
    id: block.tool_use_id,
    via: 'provider',
    toolName: use?.name ?? ANTHROPIC_SEARCH_TOOL.name,
    input,
    query: queryOf(input),
    found,
  };
  if (error) search.error = error;
  return search;
}

/** The chat's history and tools, or a sampling request's own messages, tools and options (client/sampling). */
function samplingOr(request: TurnRequest) {
  const sampling = request.sampling;
  if (!sampling?.anthropic) {
    return {
      messages: toAnthropicMessages(request),
      ...(request.tools.anthropicTools.length > 0 ? { tools: cachedTools(request.tools.anthropicTools) } : {}),
    };
  }
  const { messages, tools, toolChoice } = sampling.anthropic;
  return {
    messages,
    ...(tools && tools.length > 0 ? { tools } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    ...(sampling.temperature !== undefined ? { temperature: sampling.temperature } : {}),
    ...(sampling.stopSequences && sampling.stopSequences.length > 0 ? { stop_sequences: sampling.stopSequences } : {}),
  };
}

export class AnthropicProvider implements ChatProvider {
  readonly id = 'anthropic' as const;
  private readonly client: Anthropic;
  private readonly turnRetries: number;
  private readonly apiKey: string;
  private readonly maxTokens: number;

  constructor(options: AnthropicProviderOptions) {
    this.apiKey = options.apiKey;
    this.turnRetries = options.turnRetries ?? 0;
    this.maxTokens = options.maxTokens ?? 16_384;
    this.client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: options.baseURL || ANTHROPIC_DEFAULT_BASE_URL,
      maxRetries: options.maxRetries ?? 1,
      timeout: options.timeoutMs ?? 120_000,
      // The SDK would otherwise log to the console, which reaches the app's log files.
      logLevel: 'off',
    });
  }

  async streamTurn(request: TurnRequest, sink: TurnSink): Promise<TurnResult> {
    const usage: TokenUsage = emptyUsage();
    const toolUses: ToolUse[] = [];
    const pending = new Map<number, { id: string; name: string; json: string; server?: boolean; input?: unknown }>();
    const searches = new Map<string, { name: string; input: Record<string, unknown> }>();
    let stopReason: string | null = null;
    let started = false;
    let finished = false;
    try {
      const stream = await this.client.messages.create(
        {
          model: request.model,
          max_tokens: request.maxTokens ?? this.maxTokens,
          system: request.system ? [{ type: 'text', text: request.system, cache_control: EPHEMERAL }] : undefined,
          ...samplingOr(request),
          stream: true,
        },
        // No silent retries of a turn: the person sees the failure (with retry-after) at once and can send again.
        { signal: request.signal, maxRetries: this.turnRetries },
      );
      for await (const event of stream as AsyncIterable<RawMessageStreamEvent>) {
        started = true;
        switch (event.type) {
          case 'message_start': {
            const start = event.message.usage;
            usage.inputTokens = start.input_tokens ?? 0;
            usage.outputTokens = start.output_tokens ?? 0;
            usage.cacheReadTokens = start.cache_read_input_tokens ?? 0;
            usage.cacheCreationTokens = start.cache_creation_input_tokens ?? 0;
            break;
          }
          case 'content_block_start':
            if (event.content_block.type === 'text' && event.content_block.text) sink.text(event.content_block.text);
            if (event.content_block.type === 'tool_use') {
              pending.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
              sink.toolInputDelta?.({ id: event.content_block.id, name: event.content_block.name, json: '' });
            } else if (event.content_block.type === 'server_tool_use') {
              const block = event.content_block;
              pending.set(event.index, { id: block.id, name: block.name, json: '', server: true, input: block.input });
            } else if (event.content_block.type === 'tool_search_tool_result') {
              const search = toSearchBlock(event.content_block, searches, request.tools);
              if (search) sink.toolSearch?.(search);
            }
            break;
          case 'content_block_delta':
            if (event.delta.type === 'text_delta') sink.text(event.delta.text);
            else if (event.delta.type === 'input_json_delta') {
              const use = pending.get(event.index);
              if (!use) break;
              use.json += event.delta.partial_json;
              if (!use.server && event.delta.partial_json) sink.toolInputDelta?.({ id: use.id, name: use.name, json: use.json });
            }
            break;
          case 'content_block_stop': {
            const use = pending.get(event.index);
            if (!use) break;
            pending.delete(event.index);
            if (use.server) {
              const parsed = use.json === '' && isObject(use.input) ? { input: use.input } : parseToolInput(use.json);
              searches.set(use.id, { name: use.name, input: parsed.input });
              break;
            }
            const parsed = parseToolInput(use.json);
            const complete: ToolUse = { id: use.id, name: use.name, input: parsed.input };
            if (parsed.error) complete.inputError = parsed.error;
            toolUses.push(complete);
            sink.toolUse(complete);
            break;
          }
          case 'message_delta':
            stopReason = event.delta.stop_reason ?? stopReason;
            usage.outputTokens = event.usage.output_tokens ?? usage.outputTokens;
            if (event.usage.input_tokens != null) usage.inputTokens = event.usage.input_tokens;
            if (event.usage.cache_read_input_tokens != null) usage.cacheReadTokens = event.usage.cache_read_input_tokens;
            if (event.usage.cache_creation_input_tokens != null) usage.cacheCreationTokens = event.usage.cache_creation_input_tokens;
            break;
          case 'message_stop':
            finished = true;
            break;
        }
      }
    } catch (error) {
      if (request.signal.aborted) throw error;
      throw toProviderError(error, 'anthropic', { midStream: started, secrets: [this.apiKey] });
    }
    if (!finished) {
      throw new ProviderError({ kind: 'stream', message: 'The answer broke off while streaming: the connection closed early.' });
    }
    return { stopReason: mapStopReason(stopReason), usage, toolUses };
  }

  async listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
    const models: ModelInfo[] = [];
    try {
      for await (const model of this.client.models.list({ limit: 100 }, { signal })) {
        models.push({ id: model.id, displayName: model.display_name || model.id, provider: 'anthropic' });
        if (models.length >= 500) break;
      }
    } catch (error) {
      throw toProviderError(error, 'anthropic', { secrets: [this.apiKey] });
    }
    return models;
  }
}
