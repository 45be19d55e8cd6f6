import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage } from '../../../shared/chat/chat-types.ts';
import { openDatabase } from './database.ts';
import { chatMigrations, ConversationStore, titleFrom, UNTITLED } from './conversations.ts';
import { ftsQuery } from './message-search.ts';
import { GrantStore } from '../chat/approval/grant-store.ts';

function setup(t: { after(fn: () => void): void }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-conv-'));
  const db = openDatabase(dir, chatMigrations);
  let clock = 1_000;
  const store = new ConversationStore(db, () => ++clock);
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, db, store };
}

function message(conversationId: string, role: 'user' | 'assistant', text: string, id = crypto.randomUUID()): ChatMessage {
  return { id, conversationId, role, blocks: [{ type: 'text', text }], status: 'complete', createdAt: Date.now() };
}

test('the first message from the person names an untitled conversation; a later one does not', (t) => {
  const { store } = setup(t);
  const chat = store.create();
  assert.equal(chat.title, UNTITLED);
  store.addMessage(message(chat.id, 'user', '  Plan a\n   trip to Lisbon  '));
  store.addMessage(message(chat.id, 'user', 'something else'));
  assert.equal(store.summary(chat.id)?.title, 'Plan a trip to Lisbon');
  assert.equal(store.summary(chat.id)?.messageCount, 2);

  const named = store.create('Budget');
  store.addMessage(message(named.id, 'user', 'numbers please'));
  assert.equal(store.summary(named.id)?.title, 'Budget');
});

test('long titles are cut at a word with an ellipsis', () => {
  const title = titleFrom('word '.repeat(40));
  assert.ok(title.length <= 60, title);
  assert.ok(title.endsWith('word…'), title);
  assert.equal(titleFrom('   '), UNTITLED);
  assert.equal(titleFrom('## plan the\n trip to `Lisbon` in May. Also book a hotel near the river please'), 'Plan the trip to Lisbon in May');
  assert.equal(titleFrom('**Why** does [this](https://x.test/a) fail?\n```ts\nconst a = 1;\n```'), 'Why does this fail?');
  assert.equal(titleFrom('```\nonly code\n```'), UNTITLED);
});

test('messages keep their order and blocks; a streamed save rewrites them', (t) => {
  const { store } = setup(t);
  const chat = store.create();
  const user = message(chat.id, 'user', 'hello');
  const answer: ChatMessage = { ...message(chat.id, 'assistant', 'Hi'), status: 'streaming', model: 'm', provider: 'anthropic' };
  store.addMessage(user);
  store.addMessage(answer);
  answer.blocks = [
    { type: 'text', text: 'Hi there' },
    { type: 'tool_call', id: 't1', server: 's', tool: 'echo', modelName: 's__echo', arguments: { a: 1 }, status: 'done' },
  ];
  answer.status = 'complete';
  answer.usage = { inputTokens: 1, outputTokens: 2, cacheReadTokens: 3, cacheCreationTokens: 4 };
  store.saveMessage(answer);
  const got = store.get(chat.id)!;
  assert.deepEqual(
    got.messages.map((m) => m.id),
    [user.id, answer.id],
  );
  assert.deepEqual(got.messages[1], answer);
});

test('the list is newest first, rename sets the title, delete removes messages and grants too', (t) => {
  const { store, db } = setup(t);
  const older = store.create('older');
  const newer = store.create('newer');
  assert.deepEqual(
    store.list().map((c) => c.title),
    ['newer', 'older'],
  );
  store.addMessage(message(older.id, 'user', 'bump'));
  assert.equal(store.list()[0].id, older.id);
  assert.equal(store.rename(newer.id, '  Renamed ')?.title, 'Renamed');

  const grants = new GrantStore(db);
  grants.grant({ server: 's', tool: 't', scope: 'conversation', conversationId: older.id, definitionHash: 'h' });
  assert.equal(store.delete(older.id), true);
  assert.equal(store.get(older.id), undefined);
  assert.equal(store.messages(older.id).length, 0);
  assert.equal(grants.list().length, 0);
  assert.equal(store.search('bump').length, 0);
  assert.equal(store.delete(older.id), false);
});

test('search finds words across conversations, wraps them in [[ ]], follows edits, and survives odd input', (t) => {
  const { store } = setup(t);
  const a = store.create('a');
  const b = store.create('b');
  store.addMessage(message(a.id, 'user', 'The quick brown fox jumps over the lazy dog'));
  const answer = message(b.id, 'assistant', 'nothing yet');
  store.addMessage(answer);
  answer.blocks = [{ type: 'text', text: 'A brown bear in the café' }];
  store.saveMessage(answer);

  const hits = store.search('brown');
  assert.deepEqual(hits.map((hit) => hit.conversationId).sort(), [a.id, b.id].sort());
  for (const hit of hits) assert.match(hit.snippet, /\[\[brown\]\]/);
  assert.equal(store.search('nothing').length, 0);
  assert.equal(store.search('cafe')[0]?.messageId, answer.id);
  assert.equal(store.search('qui')[0]?.conversationId, a.id);
  assert.equal(store.search('fox lazy').length, 1);
  assert.equal(store.search('fox cat').length, 0);
  assert.deepEqual(store.search('") OR NEAR(*'), []);
  assert.equal(ftsQuery('a "bc"'), '"a" "bc"*');
  // A one-letter prefix would match nearly every message: it is taken as a word.
  assert.equal(ftsQuery('bc d'), '"bc" "d"');
});

test('per-conversation tool switches and model are stored', (t) => {
  const { store } = setup(t);
  const chat = store.create();
  store.setDisabledTools(chat.id, ['s/b', 's/a', 's/a']);
  store.setModel(chat.id, 'openai', 'gpt-x');
  const got = store.get(chat.id)!;
  assert.deepEqual(got.disabledTools, ['s/a', 's/b']);
  assert.equal(got.provider, 'openai');
  assert.equal(got.model, 'gpt-x');
});

test('a new chat replaces an earlier one that is still empty and unnamed; named or started ones stay', (t) => {
  const { store } = setup(t);
  const named = store.create('Kept by name');
  const started = store.create();
  store.addMessage(message(started.id, 'user', 'hello there friend'));
  const fromCli = store.create();
  assert.equal(store.list().length, 3, 'without replaceEmpty nothing goes');
  store.create(undefined, { replaceEmpty: true });
  const latest = store.create(undefined, { replaceEmpty: true });
  assert.equal(store.summary(fromCli.id), undefined);
  assert.deepEqual(
    store.list().map((entry) => entry.id).sort(),
    [named.id, started.id, latest.id].sort(),
  );
});

test('search also finds words only in a tool result or in attached context; the title comes from what was typed', (t) => {
  const { store, db } = setup(t);
  const chat = store.create();
  const question: ChatMessage = {
    ...message(chat.id, 'user', 'What is in the harbour file?'),
    blocks: [
      {
        type: 'context',
        source: { kind: 'resource', server: 'files', uri: 'file:///harbour.txt', name: 'harbour.txt' },
        content: [{ type: 'resource', resource: { uri: 'file:///harbour.txt', text: 'Ships: trawler, schooner' } }],
        size: 24,
      },
      { type: 'text', text: 'What is in the harbour file?' },
    ],
  };
  store.addMessage(question);
  const answer: ChatMessage = {
    ...message(chat.id, 'assistant', ''),
    blocks: [
      {
        type: 'tool_call',
        id: 'call-1',
        server: 'files',
        tool: 'read',
        modelName: 'files__read',
        arguments: {},
        status: 'done',
        result: { content: [{ type: 'text', text: 'a lighthouse keeper' }] },
      },
    ],
  };
  store.addMessage(answer);
  assert.equal(store.search('schooner')[0]?.messageId, question.id);
  // As a store before this change left it: only the typed text indexed. The one-time reindex catches up.
  db.prepare('UPDATE messages SET search_text = ? WHERE id = ?').run('What is in the harbour file?', question.id);
  assert.equal(store.search('schooner').length, 0);
  assert.equal(store.reindexSearch(), 1);
  assert.equal(store.search('schooner')[0]?.messageId, question.id);
  assert.equal(store.search('lighthouse')[0]?.messageId, answer.id);
  assert.equal(store.get(chat.id)?.title, 'What is in the harbour file?');
});
