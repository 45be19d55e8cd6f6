import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { CreateMessageRequestParams, CreateMessageResult, CreateMessageResultWithTools } from '@modelcontextprotocol/client';

export type SamplingResult = CreateMessageResult | CreateMessageResultWithTools;
import type { ProviderId } from '../../../shared/chat/chat-types.ts';
import type { ConsentBroker } from '../consent/consent-broker.ts';
import type { SamplingModelChoice } from '../../../shared/consent/consent-types.ts';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import { buildToolIndex } from '../chat/bridge/tool-index.ts';
import type { ChatSettings } from '../chat/chat-settings.ts';
import { listModelsOrFallback } from '../chat/providers/provider-factory.ts';
import type { ProviderFactory } from '../chat/providers/provider-factory.ts';
import type { TurnResult } from '../chat/providers/provider.ts';
import type { SamplingTrace } from '../telemetry/call-tracer.ts';
import { samplingTurn } from './sampling-format.ts';
import type { HumanSettingsStore } from './human-settings-store.ts';
import { chooseModel } from './model-choice.ts';
import type { ModelCandidate } from './model-choice.ts';
import type { AskOptions, RoundGatherer } from './round-gatherer.ts';

/** client/sampling § Error Handling: the code and message the spec gives for a person's refusal. */
export const USER_REJECTED = -1;

const MODEL_LIST_TTL_MS = 5 * 60_000;
const EMPTY_TOOLS = buildToolIndex([]);

export interface SamplingDeps {
  gatherer: RoundGatherer;
  broker: Pick<ConsentBroker, 'request'>;
  settings: HumanSettingsStore;
  chatSettings: ChatSettings;
  providers: ProviderFactory;
  /** Read at each review: how long it waits for the person. */
  timeouts: { questionMs: number };
  /** While trace export is on: each request a span, its model request a child of it. */
  trace?: (server: string, ask: AskOptions) => SamplingTrace | undefined;
}

/**
 * `sampling/createMessage`, the same for a 2025 server→client request and a 2026 MRTR input: the person
 * reviews the prompt (and may edit it), the model answers through the chat's own providers, the person
 * reviews the answer (and may edit it), and only then does it go back (client/sampling § User Interaction
 * Model: a human in the loop with the ability to deny).
 */
export class SamplingService {
  private readonly deps: SamplingDeps;
  private readonly modelLists = new Map<ProviderId, { at: number; models: Promise<ModelCandidate[]> }>();

  constructor(deps: SamplingDeps) {
    this.deps = deps;
  }

  async handle(server: string, params: CreateMessageRequestParams, ask: AskOptions): Promise<SamplingResult> {
    const trace = this.deps.trace?.(server, ask);
    try {
      const result = await this.answer(server, params, ask, trace);
      trace?.end();
      return result;
    } catch (error) {
      trace?.end(error);
      throw error;
    }
  }

  private async answer(server: string, params: CreateMessageRequestParams, ask: AskOptions, trace: SamplingTrace | undefined): Promise<SamplingResult> {
    if (this.deps.settings.server(server).sampling === 'off') {
      throw new ProtocolError(USER_REJECTED, `User rejected sampling request: sampling is turned off for server "${server}"`);
    }
    // Refused before the person is asked: content the chosen provider cannot take would only fail after the review.
    checkContent(params);
    const model = await this.pickModel(params);
    // Content the chosen provider cannot take (audio for Anthropic, say) is refused now, not after the review.
    samplingTurn(model.provider, params);
    const review = await this.deps.gatherer.ask('sampling', server, { stage: 'request', request: params, model }, { ...ask, timeoutMs: this.deps.timeouts.questionMs });
    if (review.outcome !== 'answered') throw rejected(`the review closed (${review.outcome}: ${review.reason})`);
    if (review.answer.action === 'decline') throw rejected(review.answer.message);
    const edits = review.answer.edits ?? {};
    const sent: CreateMessageRequestParams = {
      ...params,
      ...(edits.systemPrompt !== undefined ? { systemPrompt: edits.systemPrompt } : {}),
      ...(edits.maxTokens !== undefined ? { maxTokens: edits.maxTokens } : {}),
      ...(edits.messages !== undefined ? { messages: edits.messages } : {}),
    };
    const response = await this.complete(model, sent, ask.signal, trace);

    const check = await this.deps.broker.request(
      'sampling',
      server,
      { stage: 'response', request: sent, response },
      { signal: ask.signal, context: ask.context, timeoutMs: this.deps.timeouts.questionMs },
    );
    if (check.outcome !== 'answered') throw rejected(`the review closed (${check.outcome}: ${check.reason})`);
    if (check.answer.action === 'decline') throw rejected(check.answer.message);
    const corrected = check.answer.edits?.responseText;
    return corrected === undefined ? response : withText(response, corrected);
  }

  private async complete(
    choice: SamplingModelChoice,
    params: CreateMessageRequestParams,
    signal: AbortSignal | undefined,
    trace: SamplingTrace | undefined,
  ): Promise<SamplingResult> {
    let text = '';
    let result: TurnResult;
    const sampling = samplingTurn(choice.provider, params);
    try {
      const chosen = this.deps.providers(choice.provider);
      const provider = trace ? trace.provider(chosen) : chosen;
      result = await provider.streamTurn(
        {
          model: choice.model,
          // What the server wrote, with hidden characters written out as the person saw them marked.
          system: writeOutHidden(params.systemPrompt ?? ''),
          history: [],
          tools: EMPTY_TOOLS,
          toolResultCharLimit: this.deps.chatSettings.get().toolResultCharLimit,
          signal: signal ?? new AbortController().signal,
          maxTokens: params.maxTokens,
          sampling,
        },
        { text: (delta) => (text += delta), toolUse: () => {} },
      );
    } catch (error) {
      throw new ProtocolError(ProtocolErrorCode.InternalError, `The model could not answer: ${(error as Error).message}`);
    }
    // 2025-11-25 client/sampling § Tools in Sampling: the model's tool calls go back as tool_use content with
    // stopReason "toolUse"; the server runs them and asks again with their results.
    if (result.toolUses.length > 0) {
      return {
        role: 'assistant',
        content: [
          ...(text !== '' ? [{ type: 'text' as const, text }] : []),
          ...result.toolUses.map((use) => ({ type: 'tool_use' as const, id: use.id, name: use.name, input: use.input })),
        ],
        model: choice.model,
        stopReason: 'toolUse',
      };
    }
    return {
      role: 'assistant',
      content: { type: 'text', text },
      model: choice.model,
      // Both providers report a stop sequence as an ordinary end of turn.
      stopReason: result.stopReason === 'max_tokens' ? 'maxTokens' : 'endTurn',
    };
  }

  private async pickModel(params: CreateMessageRequestParams): Promise<SamplingModelChoice> {
    const current = this.deps.chatSettings.get();
    const fallback = { provider: current.defaultProvider, model: current.defaultModel };
    const configured = (Object.keys(current.providers) as ProviderId[]).filter((id) => {
      const provider = current.providers[id];
      return provider.hasApiKey || provider.apiKeyFromEnv || (id === 'openai' && provider.baseURL !== undefined);
    });
    const lists = await Promise.all(configured.map((id) => this.models(id)));
    return chooseModel(params.modelPreferences, lists.flat(), fallback);
  }

  private models(provider: ProviderId): Promise<ModelCandidate[]> {
    const cached = this.modelLists.get(provider);
    if (cached && Date.now() - cached.at < MODEL_LIST_TTL_MS) return cached.models;
    const models = listModelsOrFallback(this.deps.providers, provider).then((list) =>
      list.map((model) => ({ provider, model: model.id, displayName: model.displayName })),
    );
    this.modelLists.set(provider, { at: Date.now(), models });
    return models;
  }
}

function rejected(detail?: string): ProtocolError {
  return new ProtocolError(USER_REJECTED, detail ? `User rejected sampling request: ${detail}` : 'User rejected sampling request');
}

/** The reply with its text as the person corrected it; tool calls stay as the model made them. */
function withText(response: SamplingResult, text: string): SamplingResult {
  if (!Array.isArray(response.content)) return { ...response, content: { type: 'text', text } };
  const rest = response.content.filter((block) => block.type !== 'text');
  return { ...response, content: [{ type: 'text', text }, ...rest] } as CreateMessageResultWithTools;
}

/** tool_use only from the model, tool_result only from the person's side, and tools only with a tool choice that makes sense. */
function checkContent(params: CreateMessageRequestParams): void {
  params.messages.forEach((message, index) => {
    const blocks = (Array.isArray(message.content) ? message.content : [message.content]) as { type: string }[];
    for (const block of blocks) {
      if (block.type === 'tool_use' && message.role !== 'assistant') throw invalidParams(`messages[${index}]: a tool_use belongs to an assistant message`);
      if (block.type === 'tool_result' && message.role !== 'user') throw invalidParams(`messages[${index}]: a tool_result belongs to a user message`);
    }
  });
}

function invalidParams(message: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message);
}
