import { randomUUID } from 'node:crypto';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ChatMessage, Conversation, ConversationSummary, ProviderId, TurnState } from '../../../shared/chat/chat-types.ts';
import type { PreparedContext } from '../context/prepared-context.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { ConversationStore, ConversationWindow } from '../store/conversations.ts';
import { saveFailure } from '../store/storage-errors.ts';
import type { ToolApprover } from './approval/tool-approver.ts';
import { FALLBACK_MODELS } from './chat-settings.ts';
import { HiddenTextNotes } from './hidden-text-notes.ts';
import type { ChatSettings } from './chat-settings.ts';
import { MessageWriter } from './message-writer.ts';
import type { ProviderFactory } from './providers/provider-factory.ts';
import { ProviderError, toProviderError } from './providers/provider-error.ts';
import type { ChatToolHost } from './tool-offer.ts';
import { runTurn } from './turn-runner.ts';
import { CatalogGeneration } from './tool-search/catalog-generation.ts';
import { OfferCache } from './tool-search/offer-cache.ts';
import type { ChatSkillHost } from './skills/skill-tools.ts';
import type { TurnTracer } from '../telemetry/turn-tracer.ts';

export interface ChatServiceOptions {
  store: ConversationStore;
  settings: ChatSettings;
  events: HostEventBus;
  tools: ChatToolHost;
  /** Skills the servers serve (SEP-2640), offered to the model through host tools. */
  skills?: ChatSkillHost;
  approver: ToolApprover;
  providers: ProviderFactory;
  /** Spans for each turn while trace export is on, read at each send (`telemetry/`). */
  tracer?: () => TurnTracer | undefined;
  now?: () => number;
}

export interface SendInput {
  conversationId: string;
  text: string;
  provider?: ProviderId;
  model?: string;
  /** Sent by an MCP App (`ui/message`) rather than typed: shown as coming from it. */
  fromApp?: { server: string; tool: string };
  /** Prompt messages and attached resources, read by the context layer before the send. */
  context?: PreparedContext;
}

interface ActiveTurn {
  controller: AbortController;
  state: TurnState;
  done: Promise<ChatMessage>;
}

/** Conversations and their turns: the person's message is saved first, the answer streams in as events. */
export class ChatService {
  private readonly options: ChatServiceOptions;
  private readonly active = new Map<string, ActiveTurn>();
  private readonly now: () => number;
  private readonly hiddenText: HiddenTextNotes;
  private readonly generation: CatalogGeneration;
  private readonly offers: OfferCache;

  /** Adds to a conversation's system prompt what its MCP Apps shared (`apps/model-context.ts`). */
  systemPromptFor: (base: string, conversationId: string) => string = (base) => base;

  constructor(options: ChatServiceOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.generation = new CatalogGeneration(options.events);
    this.offers = new OfferCache(() => this.generation.value);
    this.hiddenText = new HiddenTextNotes((server, level, text) => options.tools.note(server, level, text));
  }

  /**
   * Answers the app was writing when it went down stay as they were saved (at most the last moment of text is
   * lost) but are marked stopped, with unfinished tool calls cancelled, so the UI and the next turn see a settled
   * conversation. Call once at start, before any turn.
   */
  recoverInterrupted(): number {
    const interrupted = this.options.store.streamingMessages().filter((message) => !this.active.has(message.conversationId));
    for (const message of interrupted) {
      message.status = 'stopped';
      for (const block of message.blocks) {
        if (block.type === 'tool_call' && (block.status === 'awaiting-approval' || block.status === 'running')) {
          block.status = 'cancelled';
          block.error = 'Interrupted: Switchboard closed before the call finished.';
        }
      }
      message.blocks.push({ type: 'notice', level: 'warning', text: 'Switchboard closed while this answer was being written.' });
      try {
        this.options.store.saveMessage(message);
      } catch {
        // Held by the store and written with the next save that works.
      }
    }
    return interrupted.length;
  }

  get approver(): ToolApprover {
    return this.options.approver;
  }

  list(): ConversationSummary[] {
    return this.options.store.list();
  }

  get(id: string, window?: ConversationWindow): Conversation {
    const conversation = this.options.store.get(id, window);
    if (!conversation) throw notFound(id);
    return conversation;
  }

  create(title?: string, options: { replaceEmpty?: boolean } = {}): ConversationSummary {
    const summary = this.options.store.create(title, options);
    this.announceList();
    return summary;
  }

  rename(id: string, title: string): ConversationSummary {
    const summary = this.options.store.rename(id, title);
    if (!summary) throw notFound(id);
    this.announceList();
    return summary;
  }

  async delete(id: string): Promise<void> {
    await this.stop(id);
    if (!this.options.store.delete(id)) throw notFound(id);
    this.announceList();
  }

  setToolEnabled(id: string, server: string, tool: string | undefined, enabled: boolean): Conversation {
    const conversation = this.get(id);
    const key = tool ? `${server}/${tool}` : server;
    let disabled = conversation.disabledTools.filter((entry) => entry !== key);
    if (!enabled) disabled.push(key);
    // Switching a whole server back on clears its single-tool switches too.
    if (enabled && !tool) disabled = disabled.filter((entry) => !entry.startsWith(`${server}/`));
    this.options.store.setDisabledTools(id, disabled);
    return this.get(id);
  }

  turnState(conversationId: string): TurnState {
    return this.active.get(conversationId)?.state ?? 'idle';
  }

  /**
   * Saves the person's message, then runs the turn in the background. `done` settles with the answer when the
   * turn ends, whatever the outcome (the CLI waits on it; the UI follows the events instead).
   */
  send(input: SendInput): { userMessageId: string; done: Promise<ChatMessage> } {
    // Only the end matters here (is the last question unanswered?); the history is read in pages below.
    const conversation = this.get(input.conversationId, { limit: RETRY_LOOKBACK });
    if (this.active.has(conversation.id)) {
      throw new HostError('conflict', 'This conversation is still answering: stop it or wait before sending.');
    }
    const { store, settings } = this.options;
    const current = settings.get();
    const provider = input.provider ?? conversation.provider ?? current.defaultProvider;
    const model =
      input.model ?? (conversation.provider === provider ? conversation.model : undefined) ?? defaultModelFor(provider, current);

    const answer: ChatMessage = {
      id: randomUUID(),
      conversationId: conversation.id,
      role: 'assistant',
      blocks: [],
      status: 'streaming',
      createdAt: this.now(),
      model,
      provider,
    };
    let userMessage: ChatMessage;
    try {
      userMessage = input.context ? this.contextMessagesFor(conversation, input.text, input.context) : this.userMessageFor(conversation, input.text, input.fromApp);
      store.addMessage(answer);
      store.setModel(conversation.id, provider, model);
    } catch (error) {
      // The person's text stays in the composer; the error says what stopped it (a full disk, a read-only folder).
      throw error instanceof HostError ? error : saveFailure(error, 'your message');
    }
    this.emitMessage(userMessage);
    this.announceList();

    const controller = new AbortController();
    const writer = new MessageWriter({ store, events: this.options.events, message: answer });
    writer.changed();
    const turn: ActiveTurn = { controller, state: 'streaming', done: Promise.resolve(answer) };
    this.active.set(conversation.id, turn);
    const setState = (state: TurnState) => {
      turn.state = state;
      // 'idle' is announced in `finally`, once the turn has let go of the conversation, so a send made on
      // hearing it is accepted.
      if (state !== 'idle') this.options.events.emit('chat.turn', { conversationId: conversation.id, state });
    };
    setState('streaming');

    const trace = this.options.tracer?.()?.startTurn({ conversationId: conversation.id, provider, model });
    turn.done = (async () => {
      try {
        const history = await this.history(conversation.id, answer.id);
        let chatProvider;
        try {
          chatProvider = this.options.providers(provider);
        } catch (error) {
          answer.status = 'error';
          answer.error = (error instanceof ProviderError ? error : toProviderError(error, provider)).info;
          writer.changed();
          setState('idle');
          return answer;
        }
        await runTurn({
          conversationId: conversation.id,
          disabledTools: conversation.disabledTools,
          provider: trace ? trace.provider(chatProvider) : chatProvider,
          model,
          systemPrompt: this.systemPromptFor(current.systemPrompt, conversation.id),
          maxSteps: current.maxStepsPerTurn,
          toolResultCharLimit: current.toolResultCharLimit,
          history,
          writer,
          tools: trace ? trace.tools(this.options.tools) : this.options.tools,
          skills: this.options.skills,
          offers: this.offers,
          budget: { maxTools: current.toolSearchMaxTools, maxTokens: current.toolSearchMaxTokens },
          pinnedTools: current.pinnedTools,
          approver: trace ? trace.approver(this.options.approver) : this.options.approver,
          hiddenText: this.hiddenText,
          signal: controller.signal,
          onState: setState,
          onToolInput: (event) => this.options.events.emit('chat.toolInput', { conversationId: conversation.id, messageId: answer.id, ...event }),
          now: this.now,
        });
        return answer;
      } catch (error) {
        // runTurn settles the answer itself; this is the last guard, so `done` never rejects.
        answer.status = 'error';
        answer.error = toProviderError(error, provider).info;
        writer.changed();
        return answer;
      } finally {
        trace?.end(answer.status);
        this.active.delete(conversation.id);
        try {
          store.touch(conversation.id);
        } catch {
          // Only the list order depends on it; the answer's own save failure is already in the conversation.
        }
        this.announceList();
        this.options.events.emit('chat.turn', { conversationId: conversation.id, state: 'idle' });
      }
    })();
    return { userMessageId: userMessage.id, done: turn.done };
  }

  /** Aborts the stream and the tool calls in flight; the answer keeps what arrived, marked `stopped`. */
  async stop(conversationId: string): Promise<boolean> {
    const turn = this.active.get(conversationId);
    if (!turn) return false;
    turn.controller.abort();
    await turn.done.catch(() => undefined);
    return true;
  }

  /** Stops every turn (the host is closing). */
  async close(): Promise<void> {
    this.generation.close();
    await Promise.all([...this.active.keys()].map((id) => this.stop(id)));
  }

  /**
   * Sending the same text again after a failed turn retries it: the saved message is reused rather than
   * repeated. Otherwise the message is saved as new.
   */
  private userMessageFor(conversation: Conversation, text: string, fromApp?: SendInput['fromApp']): ChatMessage {
    // Failed answers that produced nothing may pile up after the question (a bad key, then a rate limit…).
    let index = conversation.messages.length - 1;
    while (index >= 0) {
      const message = conversation.messages[index];
      if (message.role !== 'assistant' || message.status !== 'error' || message.blocks.length > 0) break;
      index--;
    }
    const candidate = conversation.messages[index];
    const unanswered = candidate?.role === 'user' ? candidate : undefined;
    const sameText = unanswered?.blocks.length === 1 && unanswered.blocks[0].type === 'text' && unanswered.blocks[0].text === text;
    if (unanswered && sameText) return unanswered;
    const message: ChatMessage = {
      id: randomUUID(),
      conversationId: conversation.id,
      role: 'user',
      blocks: [{ type: 'text', text }],
      status: 'complete',
      createdAt: this.now(),
      ...(fromApp ? { fromApp } : {}),
    };
    this.options.store.addMessage(message);
    return message;
  }

  /** The prompt messages each as a message of its role, then the person's message: attachments, then the text. */
  private contextMessagesFor(conversation: Conversation, text: string, context: PreparedContext): ChatMessage {
    const messages: ChatMessage[] = context.messages.map((message) => ({
      id: randomUUID(),
      conversationId: conversation.id,
      role: message.role,
      blocks: message.blocks,
      status: 'complete',
      createdAt: this.now(),
    }));
    const last = messages.at(-1);
    const blocks: ChatMessage['blocks'] = [...context.attached, ...(text.trim() ? [{ type: 'text' as const, text }] : [])];
    if (last?.role === 'user') last.blocks.push(...blocks);
    else if (blocks.length > 0) messages.push({ id: randomUUID(), conversationId: conversation.id, role: 'user', blocks, status: 'complete', createdAt: this.now() });
    for (const message of messages) this.options.store.addMessage(message);
    for (const message of messages.slice(0, -1)) this.emitMessage(message);
    return messages.at(-1)!;
  }

  /**
   * The conversation for the model, read a page at a time with a turn of the event loop between pages, so a
   * long conversation never holds the host thread in one database call.
   */
  private async history(conversationId: string, answerId: string): Promise<ChatMessage[]> {
    const { store } = this.options;
    let page = store.newest(conversationId, HISTORY_PAGE);
    const pages = [page.messages];
    while (page.hasOlder && page.messages.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      page = store.olderMessages(conversationId, page.messages[0].id, HISTORY_PAGE);
      pages.unshift(page.messages);
    }
    return pages.flat().filter((message) => message.id !== answerId);
  }

  private emitMessage(message: ChatMessage): void {
    this.options.events.emit('chat.message', { conversationId: message.conversationId, message: structuredClone(message) });
  }

  private announceList(): void {
    this.options.events.emit('chat.conversations', this.options.store.list());
  }
}

/** Messages read when a turn starts, to find an unanswered question followed by failed empty answers. */
const RETRY_LOOKBACK = 50;
/** Messages per database read of a turn's history (a few ms each at any conversation length). */
const HISTORY_PAGE = 500;

function defaultModelFor(provider: ProviderId, settings: ReturnType<ChatSettings['get']>): string {
  if (provider === settings.defaultProvider) return settings.defaultModel;
  return FALLBACK_MODELS[provider];
}

function notFound(id: string): HostError {
  return new HostError('not_found', `no conversation with id ${id}`);
}
