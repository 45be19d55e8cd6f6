import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage } from '../../../shared/chat/chat-types.ts';
import { openDatabase } from './database.ts';
import { chatMigrations, ConversationStore } from './conversations.ts';

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-stream-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function streamingAnswer(conversationId: string): ChatMessage {
  return { id: 'a1', conversationId, role: 'assistant', blocks: [], status: 'streaming', createdAt: 2, model: 'm', provider: 'anthropic' };
}

const rowData = (db: ReturnType<typeof openDatabase>, id: string) =>
  (db.prepare('SELECT data FROM messages WHERE id = ?').get(id) as { data: string }).data;

test('streamed text is appended without rewriting the row, and a crash mid-answer keeps all of it', (t) => {
  const dir = tempDir(t);
  const db = openDatabase(dir, chatMigrations);
  const store = new ConversationStore(db);
  const chat = store.create('c');
  const answer = streamingAnswer(chat.id);
  store.addMessage(answer);
  answer.blocks.push({ type: 'text', text: 'Lisbon ' });
  store.saveMessage(answer);
  const written = rowData(db, answer.id);
  for (const word of ['trams ', 'climb ', 'steep ', 'hills']) {
    (answer.blocks[0] as { text: string }).text += word;
    store.saveText(answer);
  }
  assert.equal(rowData(db, answer.id), written, 'the row stays as last written whole');
  assert.deepEqual(store.search('trams'), [], 'the index waits for the end of the answer');
  db.close();

  // The app went down here. A new start reads the answer with every appended piece back in place.
  const reopened = openDatabase(dir, chatMigrations);
  t.after(() => reopened.close());
  const after = new ConversationStore(reopened);
  const [recovered] = after.streamingMessages();
  assert.deepEqual(recovered.blocks, [{ type: 'text', text: 'Lisbon trams climb steep hills' }]);
  assert.deepEqual(after.get(chat.id)?.messages[0].blocks, recovered.blocks);

  recovered.status = 'stopped';
  after.saveMessage(recovered);
  assert.equal(after.streamingMessages().length, 0);
  assert.deepEqual(after.get(chat.id)?.messages[0].blocks, [{ type: 'text', text: 'Lisbon trams climb steep hills' }]);
  assert.equal(after.search('steep')[0]?.messageId, answer.id, 'indexed once it ended');
  assert.equal((reopened.prepare('SELECT COUNT(*) AS n FROM message_chunks').get() as { n: number }).n, 0);
});

test('a new block after appended text is written whole; appends go on in the new block', (t) => {
  const dir = tempDir(t);
  const db = openDatabase(dir, chatMigrations);
  t.after(() => db.close());
  const store = new ConversationStore(db);
  const chat = store.create('c');
  const answer = streamingAnswer(chat.id);
  store.addMessage(answer);
  answer.blocks.push({ type: 'text', text: 'Let me look' });
  store.saveText(answer);
  (answer.blocks[0] as { text: string }).text += ' that up.';
  store.saveText(answer);
  answer.blocks.push({ type: 'tool_call', id: 't1', server: 's', tool: 'find', modelName: 's__find', arguments: {}, status: 'done', step: 1 });
  answer.blocks.push({ type: 'text', text: 'Found' });
  store.saveText(answer);
  (answer.blocks[2] as { text: string }).text += ' it.';
  store.saveText(answer);
  assert.deepEqual(store.messages(chat.id)[0], answer);

  answer.status = 'complete';
  store.saveMessage(answer);
  assert.deepEqual(store.messages(chat.id)[0], answer);
  assert.equal(store.search('found')[0]?.messageId, answer.id);
});
