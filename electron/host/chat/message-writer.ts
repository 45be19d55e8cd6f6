import type { ChatBlock, ChatMessage, NoticeBlock } from '../../../shared/chat/chat-types.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { ConversationStore } from '../store/conversations.ts';

export const SAVE_INTERVAL_MS = 250;

/**
 * The answer being built: every change goes to the UI at once (`chat.delta` per chunk, `chat.message` when
 * its shape changes) and to the database at most every `SAVE_INTERVAL_MS` while text streams (appending what
 * is new), and whole at once at every block boundary, so a crash loses at most the last moment of text.
 *
 * A save that fails (a full disk) never stops the answer: the conversation says so in a notice, the message
 * stays in memory (the store holds it), and every later save tries again until one works.
 */
export class MessageWriter {
  readonly message: ChatMessage;
  private readonly store: ConversationStore;
  private readonly events: HostEventBus;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  /** The notice shown while saves fail; reworded once a save works again. */
  private saveNotice: NoticeBlock | undefined;

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
      this.save(true);
    }, this.intervalMs);
  }

  addBlock(block: ChatBlock): number {
    this.message.blocks.push(block);
    this.changed();
    return this.message.blocks.length - 1;
  }

  /** The message's shape changed (a block, a status): save now and tell the UI. */
  changed(): void {
    this.flush();
    this.emitMessage();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.save();
  }

  /**
   * Never throws: called from timers and `finally` blocks, where an error would take the host down. A timer
   * save appends the new text only (`textOnly`); the others write the message whole.
   */
  private save(textOnly = false): void {
    try {
      if (textOnly) this.store.saveText(this.message);
      else this.store.saveMessage(this.message);
    } catch (error) {
      this.saveFailed(error);
      return;
    }
    const notice = this.saveNotice;
    if (!notice) return;
    this.saveNotice = undefined;
    notice.level = 'warning';
    notice.text = 'Saving failed for a while; everything is saved again now and nothing was lost.';
    try {
      this.store.saveMessage(this.message);
    } catch {
      // The next save writes the reworded notice along with the rest.
    }
    this.emitMessage();
  }

  private saveFailed(error: unknown): void {
    if (this.saveNotice) return;
    const reason = error instanceof Error ? error.message : String(error);
    this.saveNotice = {
      type: 'notice',
      level: 'error',
      text: `${capitalize(reason)} The answer goes on and is kept in memory; it is saved as soon as writing works again.`,
    };
    this.message.blocks.push(this.saveNotice);
    this.emitMessage();
  }

  private emitMessage(): void {
    this.events.emit('chat.message', { conversationId: this.message.conversationId, message: structuredClone(this.message) });
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
