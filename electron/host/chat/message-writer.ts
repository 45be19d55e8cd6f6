import type { ChatBlock, ChatMessage } from '../../../shared/chat/chat-types.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { ConversationStore } from '../store/conversations.ts';

export const SAVE_INTERVAL_MS = 250;

/**
 * The answer being built: every change goes to the UI at once (`chat.delta` per chunk, `chat.message` when
 * its shape changes) and to the database at most every `SAVE_INTERVAL_MS` while text streams, and at once at
 * every block boundary, so a crash loses at most the last moment of text.
 */
export class MessageWriter {
  readonly message: ChatMessage;
  private readonly store: ConversationStore;
  private readonly events: HostEventBus;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: { store: ConversationStore; events: HostEventBus; message: ChatMessage; intervalMs?: number }) {
    this.store = options.store;
    this.events = options.events;
    this.message = options.message;
    this.intervalMs = options.intervalMs ?? SAVE_INTERVAL_MS;
  }

  appendText(text: string): void {
    if (!text) return;
    const last = this.message.blocks.at(-1);
    if (last?.type !== 'text') {
      this.addBlock({ type: 'text', text });
      return;
    }
    last.text += text;
    this.events.emit('chat.delta', {
      conversationId: this.message.conversationId,
      messageId: this.message.id,
      blockIndex: this.message.blocks.length - 1,
      text,
    });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.store.saveMessage(this.message);
    }, this.intervalMs);
  }

  addBlock(block: ChatBlock): number {
    this.message.blocks.push(block);
    this.changed();
    return this.message.blocks.length - 1;
  }

  /** The message's shape changed (a block, a status): tell the UI and save now. */
  changed(): void {
    this.flush();
    this.events.emit('chat.message', { conversationId: this.message.conversationId, message: structuredClone(this.message) });
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.store.saveMessage(this.message);
  }
}
