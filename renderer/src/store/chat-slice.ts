import type { StateCreator } from 'zustand';
import type { ChatEvents } from '../../../shared/api/chat-api.ts';
import type { ChatMessage, Conversation, ConversationSummary, TurnState } from '../../../shared/chat/chat-types.ts';

export type ChatDelta = ChatEvents['chat.delta'];

/** The conversation on screen. Messages come from `chat.get` and are kept current by `chat.message` and `chat.delta`. */
export interface OpenConversation {
  id: string;
  /** False until the first `chat.get` answer for it. */
  loaded: boolean;
  messages: ChatMessage[];
  disabledTools: string[];
  /**
   * Messages last set whole from a `chat.message` event since the last fetch began. Those are at least as new as
   * any fetch (the host saves streaming text on a timer, so a fetch can lag the events), so a fetch never
   * replaces them.
   */
  liveIds: string[];
  /** Messages before the first loaded one remain in the host (a long conversation opens at its end). */
  hasOlder: boolean;
  /** An older page was asked for and has not arrived. */
  loadingOlder: boolean;
  /** Opened at this message (a search hit): the fetch starts there instead of at the newest page. */
  from?: string;
}

export interface ChatSlice {
  /** `undefined` until the first `chat.list` answer. */
  conversations: ConversationSummary[] | undefined;
  openConversation: OpenConversation | undefined;
  /** From `chat.turn`; a conversation not in here has no turn this window saw start. */
  turnStates: Record<string, TurnState>;
  /** Tool call cards the person folded away, by call id; kept here because list rows unmount off screen. */
  collapsedToolCalls: Record<string, boolean>;
  conversationsReceived(conversations: ConversationSummary[]): void;
  /**
   * Shows a conversation (or none); its messages arrive with `conversationLoaded`. With `at`, the fetch starts at
   * that message (a search hit), also in the conversation already open when that message is not loaded.
   */
  openConversationById(id: string | undefined, at?: string): void;
  /** A fetch of the open conversation starts: events from now on win over what it returns. */
  conversationFetchStarted(id: string): void;
  conversationLoaded(conversation: Conversation): void;
  disabledToolsReceived(conversationId: string, disabledTools: string[]): void;
  messageReceived(conversationId: string, message: ChatMessage): void;
  deltasReceived(deltas: readonly ChatDelta[]): void;
  turnChanged(conversationId: string, state: TurnState): void;
  /** After a reconnect: turns may have ended unseen, so fall back to what the messages say. */
  forgetTurns(): void;
  toggleToolCall(callId: string): void;
  /** The person scrolled near the first loaded message: the sync fetches the page before it. */
  olderMessagesWanted(): void;
  olderMessagesLoaded(conversationId: string, messages: ChatMessage[], hasOlder: boolean): void;
  olderMessagesFailed(conversationId: string): void;
}

/** Inserts or replaces by id; a new message goes after every message created no later than it. */
export function upsertMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = findMessage(messages, message.id);
  if (index !== -1) {
    const next = [...messages];
    next[index] = message;
    return next;
  }
  let at = messages.length;
  while (at > 0 && messages[at - 1].createdAt > message.createdAt) at--;
  return [...messages.slice(0, at), message, ...messages.slice(at)];
}

/** The newest messages change most, so the search runs from the end. */
function findMessage(messages: readonly ChatMessage[], id: string): number {
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index].id === id) return index;
  return -1;
}

/**
 * Appends streamed text. Deltas for a message or block this window does not have are dropped: the next
 * `chat.message` for it carries the whole text anyway.
 */
export function applyDeltas(messages: readonly ChatMessage[], deltas: readonly ChatDelta[]): ChatMessage[] {
  let next: ChatMessage[] | undefined;
  const copied = new Set<number>();
  for (const delta of deltas) {
    const list = next ?? messages;
    const index = findMessage(list, delta.messageId);
    if (index === -1) continue;
    const block = list[index].blocks[delta.blockIndex];
    if (block?.type !== 'text') continue;
    next ??= [...messages];
    if (!copied.has(index)) {
      next[index] = { ...next[index], blocks: [...next[index].blocks] };
      copied.add(index);
    }
    next[index].blocks[delta.blockIndex] = { type: 'text', text: block.text + delta.text };
  }
  return next ?? (messages as ChatMessage[]);
}

/** A fetched conversation merged with what events said since the fetch began (see `OpenConversation.liveIds`). */
export function mergeFetched(fetched: readonly ChatMessage[], current: readonly ChatMessage[], liveIds: readonly string[]): ChatMessage[] {
  if (liveIds.length === 0) return [...fetched];
  const live = new Map(current.filter((message) => liveIds.includes(message.id)).map((message) => [message.id, message]));
  let merged = fetched.map((message) => live.get(message.id) ?? message);
  const known = new Set(fetched.map((message) => message.id));
  for (const message of live.values()) if (!known.has(message.id)) merged = upsertMessage(merged, message);
  return merged;
}

function summaryOf(conversation: Conversation): ConversationSummary {
  const { messages: _messages, disabledTools: _disabled, ...summary } = conversation;
  return summary;
}

export const createChatSlice: StateCreator<ChatSlice, [], [], ChatSlice> = (set) => ({
  conversations: undefined,
  openConversation: undefined,
  turnStates: {},
  collapsedToolCalls: {},
  conversationsReceived: (conversations) =>
    set((state) => {
      const open = state.openConversation;
      // The open conversation was deleted (here or in another window): show none rather than a ghost.
      const gone = open && !conversations.some((entry) => entry.id === open.id);
      return gone ? { conversations, openConversation: undefined } : { conversations };
    }),
  openConversationById: (id, at) =>
    set((state) => {
      const open = state.openConversation;
      if (open && id === open.id) {
        if (at === undefined || open.messages.some((message) => message.id === at)) return {};
        return { openConversation: { ...open, from: at } };
      }
      return {
        openConversation: id
          ? { id, loaded: false, messages: [], disabledTools: [], liveIds: [], hasOlder: false, loadingOlder: false, ...(at ? { from: at } : {}) }
          : undefined,
      };
    }),
  conversationFetchStarted: (id) =>
    set((state) => (state.openConversation?.id === id ? { openConversation: { ...state.openConversation, liveIds: [] } } : {})),
  conversationLoaded: (conversation) =>
    set((state) => {
      const open = state.openConversation;
      if (open?.id !== conversation.id) return {};
      const summary = summaryOf(conversation);
      return {
        openConversation: {
          ...open,
          loaded: true,
          messages: mergeFetched(conversation.messages, open.messages, open.liveIds),
          disabledTools: conversation.disabledTools,
          hasOlder: conversation.hasOlder ?? false,
          loadingOlder: false,
        },
        conversations: state.conversations?.map((entry) => (entry.id === summary.id ? summary : entry)),
      };
    }),
  disabledToolsReceived: (conversationId, disabledTools) =>
    set((state) => (state.openConversation?.id === conversationId ? { openConversation: { ...state.openConversation, disabledTools } } : {})),
  messageReceived: (conversationId, message) =>
    set((state) => {
      const open = state.openConversation;
      if (open?.id !== conversationId) return {};
      const liveIds = open.liveIds.includes(message.id) ? open.liveIds : [...open.liveIds, message.id];
      return { openConversation: { ...open, messages: upsertMessage(open.messages, message), liveIds } };
    }),
  deltasReceived: (deltas) =>
    set((state) => {
      const open = state.openConversation;
      if (!open) return {};
      const mine = deltas.filter((delta) => delta.conversationId === open.id);
      if (mine.length === 0) return {};
      const messages = applyDeltas(open.messages, mine);
      return messages === open.messages ? {} : { openConversation: { ...open, messages } };
    }),
  turnChanged: (conversationId, turn) => set((state) => ({ turnStates: { ...state.turnStates, [conversationId]: turn } })),
  forgetTurns: () => set({ turnStates: {} }),
  toggleToolCall: (callId) =>
    set((state) => ({ collapsedToolCalls: { ...state.collapsedToolCalls, [callId]: !state.collapsedToolCalls[callId] } })),
  olderMessagesWanted: () =>
    set((state) => {
      const open = state.openConversation;
      if (!open?.loaded || !open.hasOlder || open.loadingOlder || open.messages.length === 0) return {};
      return { openConversation: { ...open, loadingOlder: true } };
    }),
  olderMessagesLoaded: (conversationId, older, hasOlder) =>
    set((state) => {
      const open = state.openConversation;
      if (open?.id !== conversationId) return {};
      const known = new Set(open.messages.map((message) => message.id));
      const fresh = older.filter((message) => !known.has(message.id));
      return { openConversation: { ...open, messages: [...fresh, ...open.messages], hasOlder, loadingOlder: false } };
    }),
  olderMessagesFailed: (conversationId) =>
    set((state) => (state.openConversation?.id === conversationId ? { openConversation: { ...state.openConversation, loadingOlder: false } } : {})),
});

/**
 * Whether a turn runs in a conversation: what `chat.turn` said, or, for a turn that began before this window
 * connected, whether its last answer is still streaming.
 */
export function turnStateOf(state: Pick<ChatSlice, 'turnStates' | 'openConversation'>, conversationId: string): TurnState {
  const known = state.turnStates[conversationId];
  if (known) return known;
  const open = state.openConversation;
  if (open?.id === conversationId && open.messages.at(-1)?.status === 'streaming') return 'streaming';
  return 'idle';
}
