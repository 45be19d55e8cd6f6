import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './database.ts';
import { chatMigrations, ConversationStore } from './conversations.ts';
import { SEARCH_CANDIDATES } from './message-search.ts';

function setup(t: { after(fn: () => void): void }, count: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-pages-'));
  const db = openDatabase(dir, chatMigrations);
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const store = new ConversationStore(db);
  const chat = store.create('long');
  for (let index = 0; index < count; index++) {
    store.addMessage({
      id: `m${index}`,
      conversationId: chat.id,
      role: index % 2 === 0 ? 'user' : 'assistant',
      blocks: [{ type: 'text', text: `message number ${index} about harbour boats` }],
      status: 'complete',
      createdAt: index,
    });
  }
  return { store, id: chat.id };
}

const ids = (messages: { id: string }[]) => messages.map((message) => message.id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => `m${from + index}`);

test('a long conversation opens at its end and pages back to its first message', (t) => {
  const { store, id } = setup(t, 250);
  const opened = store.get(id, { limit: 100 })!;
  assert.deepEqual(ids(opened.messages), range(150, 250));
  assert.equal(opened.hasOlder, true);
  assert.equal(opened.messageCount, 250);

  const second = store.olderMessages(id, 'm150', 100);
  assert.deepEqual(ids(second.messages), range(50, 150));
  assert.equal(second.hasOlder, true);
  const last = store.olderMessages(id, 'm50', 100);
  assert.deepEqual(ids(last.messages), range(0, 50));
  assert.equal(last.hasOlder, false);
  assert.deepEqual(store.olderMessages(id, 'm0', 100), { messages: [], hasOlder: false });

  const whole = store.get(id)!;
  assert.equal(whole.messages.length, 250);
  assert.equal(whole.hasOlder, undefined);
});

test('opening at a search hit loads from a few messages before it to the end', (t) => {
  const { store, id } = setup(t, 120);
  const atHit = store.get(id, { from: 'm40' })!;
  assert.deepEqual(ids(atHit.messages), range(30, 120));
  assert.equal(atHit.hasOlder, true);
  const nearStart = store.get(id, { from: 'm3' })!;
  assert.deepEqual(ids(nearStart.messages), range(0, 120));
  assert.equal(nearStart.hasOlder, false);
  const gone = store.get(id, { from: 'not-here', limit: 20 })!;
  assert.deepEqual(ids(gone.messages), range(100, 120));
});

test('with more matches than are ranked, search still fills its page, from the newest messages', (t) => {
  const { store } = setup(t, SEARCH_CANDIDATES + 100);
  const hits = store.search('harbour', 50);
  assert.equal(hits.length, 50);
  const numbers = hits.map((hit) => Number(hit.messageId.slice(1)));
  assert.ok(numbers.every((n) => n >= 100), 'only the newest matches are ranked');
  assert.match(hits[0].snippet, /\[\[harbour\]\] boats/);
  const prefix = store.search('message numb');
  assert.match(prefix[0].snippet, /\[\[message\]\] \[\[number\]\]/);
});
