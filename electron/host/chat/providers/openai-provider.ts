import OpenAI from 'openai';
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionChunk,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { TokenUsage, ToolSearchBlock } from '../../../../shared/chat/chat-types.ts';
import { LOCAL_SEARCH_TOOL } from '../tool-search/search-tools.ts';
import type { ModelInfo } from '../../../../shared/chat/settings-types.ts';
import { toOpenAIToolMessages } from '../bridge/result-openai.ts';
import { openaiContext } from '../../context/context-for-model.ts';
import { historyTurns, resultForModel } from './history-steps.ts';
import { emptyUsage, parseToolInput } from './provider.ts';
import type { ChatProvider, StopReason, ToolUse, TurnRequest, TurnResult, TurnSink } from './provider.ts';
import { ProviderError, registerSdkErrors, toProviderError } from './provider-error.ts';

registerSdkErrors(OpenAI);

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAIProviderOptions {
  /** Local servers (Ollama, LM Studio, vLLM) need none. */
  apiKey?: string;
  baseURL?: string;
  /** Retries of listing models; few, so a failing call reaches the person quickly. */
  maxRetries?: number;
  /** Retries of a streamed turn (default 0). */
  turnRetries?: number;
  timeoutMs?: number;
}

/** Our history → Chat Completions `messages`, the system prompt first. */
export function toOpenAIMessages(request: Pick<TurnRequest, 'history' | 'toolResultCharLimit' | 'system'>): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  for (const turn of historyTurns(request.history)) {
    if (turn.role === 'user') {
      if (turn.context.length === 0) messages.push({ role: 'user', content: turn.text });
      else messages.push({ role: 'user', content: [...openaiContext(turn.context), ...(turn.text.trim() ? [{ type: 'text' as const, text: turn.text }] : [])] });
      continue;
    }
    for (const step of turn.steps) {
      const assistant: ChatCompletionAssistantMessageParam = { role: 'assistant', content: step.text.trim() ? step.text : null };
      if (step.calls.length > 0 || step.searches.length > 0) {
        // A search, local or the Anthropic API's, is replayed as a call of the local search tool.
        assistant.tool_calls = [
          ...step.searches.map((search) => ({
            id: search.id,
            type: 'function' as const,
            function: { name: LOCAL_SEARCH_TOOL, arguments: JSON.stringify({ query: search.query }) },
          })),
          ...step.calls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.modelName, arguments: JSON.stringify(call.arguments) },
          })),
        ];
      }
      messages.push(assistant);
      for (const search of step.searches) {
        messages.push({ role: 'tool', tool_call_id: search.id, content: search.resultText ?? searchSummary(search) });
      }
      // Tool messages must directly follow their assistant message; images some tools return come after all of them.
      const trailing: ChatCompletionMessageParam[] = [];
      for (const call of step.calls) {
        const converted = toOpenAIToolMessages(call.id, resultForModel(call), { maxChars: request.toolResultCharLimit });
        for (const message of converted.messages) (message.role === 'tool' ? messages : trailing).push(message);
      }
      messages.push(...trailing);
    }
  }
  return messages;
}

function searchSummary(search: ToolSearchBlock): string {
  if (search.error) return `The search failed (${search.error}).`;
  return search.found.length === 0 ? 'No tool matches.' : `Found: ${search.found.map((found) => found.modelName).join(', ')}`;
}

function mapFinishReason(reason: string | null): StopReason {
  if (reason === 'stop') return 'end_turn';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_use';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  return 'other';
}

/** The chat's history and tools, or a sampling request's own messages, tools and options (client/sampling). */
function samplingOr(request: TurnRequest) {
  const sampling = request.sampling;
  if (!sampling?.openai) {
    return {
      messages: toOpenAIMessages(request),
      ...(request.tools.openaiTools.length > 0 ? { tools: [...request.tools.openaiTools] } : {}),
    };
  }
  const { messages, tools, toolChoice } = sampling.openai;
  return {
    messages,
    ...(tools && tools.length > 0 ? { tools } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    ...(sampling.temperature !== undefined ? { temperature: sampling.temperature } : {}),
    ...(sampling.stopSequences && sampling.stopSequences.length > 0 ? { stop: sampling.stopSequences } : {}),
  };
}

/** OpenAI and every server that speaks its Chat Completions API: Ollama, LM Studio, vLLM, OpenRouter. */
export class OpenAIProvider implements ChatProvider {
  readonly id = 'openai' as const;
  private readonly client: OpenAI;
  private readonly turnRetries: number;
  private readonly apiKey: string | undefined;

  constructor(options: OpenAIProviderOptions) {
    this.apiKey = options.apiKey;
    this.turnRetries = options.turnRetries ?? 0;
    this.client = new OpenAI({
      // The SDK refuses to start without a key; local servers ignore the header.
      apiKey: options.apiKey || 'none',
      baseURL: options.baseURL || OPENAI_DEFAULT_BASE_URL,
      maxRetries: options.maxRetries ?? 1,
      timeout: options.timeoutMs ?? 120_000,
      logLevel: 'off',
    });
  }

  async streamTurn(request: TurnRequest, sink: TurnSink): Promise<TurnResult> {
    const usage: TokenUsage = emptyUsage();
    const calls = new Map<number, { id: string; name: string; json: string }>();
    let finishReason: string | null = null;
    let started = false;
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: request.model,
          ...samplingOr(request),
          ...(request.maxTokens !== undefined ? { max_completion_tokens: request.maxTokens } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        // No silent retries of a turn: the person sees the failure (with retry-after) at once and can send again.
        { signal: request.signal, maxRetries: this.turnRetries },
      );
      for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
        started = true;
        if (chunk.usage) {
          const cached = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
          // OpenAI counts cached tokens inside prompt_tokens; ours keeps them apart, as Anthropic does.
          usage.inputTokens = Math.max(0, (chunk.usage.prompt_tokens ?? 0) - cached);
          usage.cacheReadTokens = cached;
          usage.outputTokens = chunk.usage.completion_tokens ?? 0;
        }
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        if (choice.delta?.content) sink.text(choice.delta.content);
        for (const delta of choice.delta?.tool_calls ?? []) {
          let call = calls.get(delta.index);
          if (!call) {
            // Some local servers send no id; the history needs one to pair the result with its call.
            call = { id: delta.id || `call_${delta.index}_${Date.now().toString(36)}`, name: '', json: '' };
            calls.set(delta.index, call);
          }
          if (delta.function?.name) call.name += delta.function.name;
          if (delta.function?.arguments) call.json += delta.function.arguments;
          if (call.name && (delta.function?.name || delta.function?.arguments)) sink.toolInputDelta?.({ id: call.id, name: call.name, json: call.json });
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    } catch (error) {
      if (request.signal.aborted) throw error;
      throw toProviderError(error, 'openai', { midStream: started, secrets: [this.apiKey] });
    }
    if (finishReason === null) {
      throw new ProviderError({ kind: 'stream', message: 'The answer broke off while streaming: the connection closed early.' });
    }
    const toolUses: ToolUse[] = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => {
        const parsed = parseToolInput(call.json);
        const use: ToolUse = { id: call.id, name: call.name, input: parsed.input };
        if (parsed.error) use.inputError = parsed.error;
        return use;
      });
    for (const use of toolUses) sink.toolUse(use);
    const stopReason = toolUses.length > 0 && finishReason !== 'length' ? 'tool_use' : mapFinishReason(finishReason);
    return { stopReason, usage, toolUses };
  }

  async listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
    const models: ModelInfo[] = [];
    try {
      for await (const model of this.client.models.list({ signal })) {
        models.push({ id: model.id, displayName: model.id, provider: 'openai' });
        if (models.length >= 1000) break;
      }
    } catch (error) {
      throw toProviderError(error, 'openai', { secrets: [this.apiKey] });
    }
    return models.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
