import { randomUUID } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/client';
import type { ChatMessage, ProviderId } from '../../../shared/chat/chat-types.ts';
import type { ConsentBroker } from '../consent/consent-broker.ts';
import type { SamplingModelChoice } from '../../../shared/consent/consent-types.ts';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import { buildToolIndex } from '../chat/bridge/tool-index.ts';
import type { ChatSettings } from '../chat/chat-settings.ts';
import { listModelsOrFallback } from '../chat/providers/provider-factory.ts';
import type { ProviderFactory } from '../chat/providers/provider-factory.ts';
import type { StopReason } from '../chat/providers/provider.ts';
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
}

type TextMessage = { role: 'user' | 'assistant'; text: string };

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

  async handle(server: string, params: CreateMessageRequestParams, ask: AskOptions): Promise<CreateMessageResult> {
    if (this.deps.settings.server(server).sampling === 'off') {
      throw new ProtocolError(USER_REJECTED, `User rejected sampling request: sampling is turned off for server "${server}"`);
    }
    // The capability we advertise is plain `sampling`, without `tools` (2025-11-25 client/sampling § Tools in Sampling).
    if ((params as { tools?: unknown }).tools !== undefined || (params as { toolChoice?: unknown }).toolChoice !== undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'This client does not offer tools in sampling requests');
    }
    const messages = textMessages(params);
    const model = await this.pickModel(params);
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
    const response = await this.complete(model, sent, edits.messages?.map((m) => ({ role: m.role, text: m.content.text })) ?? messages, ask.signal);

    const check = await this.deps.broker.request(
      'sampling',
      server,
      { stage: 'response', request: sent, response },
      { signal: ask.signal, context: ask.context, timeoutMs: this.deps.timeouts.questionMs },
    );
    if (check.outcome !== 'answered') throw rejected(`the review closed (${check.outcome}: ${check.reason})`);
    if (check.answer.action === 'decline') throw rejected(check.answer.message);
    const corrected = check.answer.edits?.responseText;
    return corrected === undefined ? response : { ...response, content: { type: 'text', text: corrected } };
  }

  private async complete(choice: SamplingModelChoice, params: CreateMessageRequestParams, messages: TextMessage[], signal: AbortSignal | undefined): Promise<CreateMessageResult> {
    let text = '';
    let stopReason: StopReason;
    try {
      const provider = this.deps.providers(choice.provider);
      const result = await provider.streamTurn(
        {
          model: choice.model,
          // What the server wrote, with hidden characters written out as the person saw them marked.
          system: writeOutHidden(params.systemPrompt ?? ''),
          history: messages.map((message) => toChatMessage({ ...message, text: writeOutHidden(message.text) })),
          tools: EMPTY_TOOLS,
          toolResultCharLimit: this.deps.chatSettings.get().toolResultCharLimit,
          signal: signal ?? new AbortController().signal,
          maxTokens: params.maxTokens,
        },
        { text: (delta) => (text += delta), toolUse: () => {} },
      );
      stopReason = result.stopReason;
    } catch (error) {
      throw new ProtocolError(ProtocolErrorCode.InternalError, `The model could not answer: ${(error as Error).message}`);
    }
    return {
      role: 'assistant',
      content: { type: 'text', text },
      model: choice.model,
      stopReason: stopReason === 'max_tokens' ? 'maxTokens' : 'endTurn',
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

/** Only text is sampled: the providers here take the chat's history, which is text and tool calls. */
function textMessages(params: CreateMessageRequestParams): TextMessage[] {
  return params.messages.map((message, index) => {
    const blocks = (Array.isArray(message.content) ? message.content : [message.content]) as { type: string; text?: string }[];
    const other = blocks.find((block) => block.type !== 'text');
    if (other) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `messages[${index}] holds ${other.type} content; this client samples text only`);
    return { role: message.role, text: blocks.map((block) => block.text ?? '').join('\n') };
  });
}

function toChatMessage(message: TextMessage): ChatMessage {
  return {
    id: randomUUID(),
    conversationId: 'sampling',
    role: message.role,
    blocks: [{ type: 'text', text: message.text }],
    status: 'complete',
    createdAt: 0,
  };
}
