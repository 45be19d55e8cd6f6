import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage } from '../../../shared/chat/chat-types.ts';
import { HostEventBus } from '../event-bus.ts';
import { openDatabase } from '../store/database.ts';
import { chatMigrations, ConversationStore } from '../store/conversations.ts';
import { MessageWriter } from './message-writer.ts';

/** A real store whose database can be made full (SQLite's own size limit: the same SQLITE_FULL as a full disk). */
function fullableStore(t: { after(fn: () => void): void }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-writer-'));
  const db = openDatabase(dir, chatMigrations);
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const store = new ConversationStore(db);
  const pages = () => (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
  return {
    store,
    fill: () => db.exec(`PRAGMA max_page_count = ${pages()}`),
    free: () => db.exec('PRAGMA max_page_count = 1073741823'),
    savedText: (id: string) => {
      const row = db.prepare('SELECT data FROM messages WHERE id = ?').get(id) as { data: string };
      return (JSON.parse(row.data) as { blocks: ChatMessage['blocks'] }).blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    },
  };
}

test('a failed save never throws: the message says so in a notice, keeps everything, and is saved when writing works again', (t) => {
  const { store, fill, free, savedText } = fullableStore(t);
  const events = new HostEventBus();
  const shown: ChatMessage[] = [];
  events.on('chat.message', ({ message }) => shown.push(message));
  const conversation = store.create();
  const message: ChatMessage = { id: 'a1', conversationId: conversation.id, role: 'assistant', blocks: [], status: 'streaming', createdAt: 1 };
  store.addMessage(message);
  const writer = new MessageWriter({ store, events, message, intervalMs: 1 });

  fill();
  const big = 'x'.repeat(300_000);
  assert.doesNotThrow(() => writer.addBlock({ type: 'text', text: big }));
  const notice = shown.at(-1)?.blocks.find((block) => block.type === 'notice');
  assert.match(notice?.type === 'notice' ? notice.text : '', /^Could not save the answer: the disk is full/);
  const held = store.messages(conversation.id)[0].blocks[0];
  assert.equal(held.type === 'text' ? held.text : '', big, 'reads show what is held');
  assert.doesNotThrow(() => writer.appendText('more'));
  assert.doesNotThrow(() => writer.flush());
  assert.equal(store.unsavedCount, 1);

  free();
  writer.appendText(' and the end');
  writer.flush();
  assert.equal(store.unsavedCount, 0);
  assert.equal(savedText('a1'), `${big}more and the end`);
  const reworded = message.blocks.find((block) => block.type === 'notice');
  assert.match(reworded?.type === 'notice' ? reworded.text : '', /saved again now and nothing was lost/);
});
