import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ChatMessage } from '../../../shared/chat/chat-types.ts';

/** How far a streaming message's last text block is in its row (`data`); what came after is in chunks. */
interface Written {
  blockIndex: number;
  length: number;
}

/**
 * Text streamed into an answer, saved as appended chunks (`message_chunks`) between the moments the whole row
 * is written (a new block, a status, the end). Rewriting the row every 250 ms wrote ~2 MB for a 100 KB answer;
 * a chunk writes only what is new. Reading a streaming message puts its chunks back in place, so a crash
 * still loses at most the last moment of text.
 */
export class StreamingText {
  private readonly appendStatement: StatementSync;
  private readonly chunksStatement: StatementSync;
  private readonly clearStatement: StatementSync;
  private readonly written = new Map<string, Written>();

  constructor(db: DatabaseSync) {
    this.appendStatement = db.prepare(
      'INSERT INTO message_chunks (message_row, block_index, text) SELECT row, ?, ? FROM messages WHERE id = ?',
    );
    this.chunksStatement = db.prepare(
      'SELECT block_index, text FROM message_chunks WHERE message_row = (SELECT row FROM messages WHERE id = ?) ORDER BY id',
    );
    this.clearStatement = db.prepare('DELETE FROM message_chunks WHERE message_row = (SELECT row FROM messages WHERE id = ?)');
  }

  /** The row now holds `message` whole: its chunks go, and appends start from here. */
  rowWritten(message: ChatMessage): void {
    this.clearStatement.run(message.id);
    const blockIndex = message.blocks.length - 1;
    const last = message.blocks[blockIndex];
    if (message.status === 'streaming' && last?.type === 'text') this.written.set(message.id, { blockIndex, length: last.text.length });
    else this.written.delete(message.id);
  }

  /**
   * Appends the text added to the last block since the last write. False when that cannot be said by an
   * append (nothing written yet, or the blocks changed): the caller writes the row instead.
   */
  append(message: ChatMessage): boolean {
    const written = this.written.get(message.id);
    const blockIndex = message.blocks.length - 1;
    const last = message.blocks[blockIndex];
    if (!written || written.blockIndex !== blockIndex || last?.type !== 'text' || last.text.length < written.length) return false;
    if (last.text.length === written.length) return true;
    this.appendStatement.run(blockIndex, last.text.slice(written.length), message.id);
    written.length = last.text.length;
    return true;
  }

  /** A streaming message as read from its row, with the chunks appended since put back. */
  restore(message: ChatMessage): ChatMessage {
    for (const chunk of this.chunksStatement.all(message.id) as unknown as { block_index: number; text: string }[]) {
      const block = message.blocks[chunk.block_index];
      if (block?.type === 'text') block.text += chunk.text;
    }
    return message;
  }
}
