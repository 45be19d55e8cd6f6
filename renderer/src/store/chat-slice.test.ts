import { assert, test } from '../test-support/node-test.mjs';
import type { ChatMessage, Conversation, ConversationSummary } from '../../../shared/chat/chat-types.ts';
import { applyDeltas, mergeFetched, turnStateOf, upsertMessage } from './chat-slice.ts';
import { createAppStore } from './app-store.ts';

const message = (id: string, text: string, createdAt: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'c1',
  role: 'assistant',
  blocks: [{ type: 'text', text }],
  status: 'complete',
  createdAt,
  ...extra,
});
const texts = (messages: ChatMessage[]) => messages.map((entry) => entry.blocks.map((block) => (block.type === 'text' ? block.text : block.type)).join('|'));
const summary = (id: string): ConversationSummary => ({ id, title: id, createdAt: 1, updatedAt: 1, messageCount: 0 });
const conversation = (id: string, messages: ChatMessage[]): Conversation => ({ ...summary(id), messages, disabledTools: ['srv'] });

test('upsertMessage replaces by id and puts a new message in createdAt order', () => {
  const list = [message('a', 'A', 1), message('c', 'C', 3)];
  assert.deepEqual(texts(upsertMessage(list, message('b', 'B', 2))), ['A', 'B', 'C']);
  assert.deepEqual(texts(upsertMessage(list, message('a', 'A2', 1))), ['A2', 'C']);
  assert.deepEqual(texts(upsertMessage(list, message('d', 'D', 3))), ['A', 'C', 'D']);
});

test('applyDeltas appends to text blocks, copies only what it changes, and skips what it does not know', () => {
  const first = message('a', 'Hello', 1);
  const second = message('b', 'x', 2, { blocks: [{ type: 'text', text: 'one' }, { type: 'notice', level: 'info', text: 'n' }, { type: 'text', text: 'two' }] });
  const list = [first, second];
  const next = applyDeltas(list, [
    { conversationId: 'c1', messageId: 'b', blockIndex: 2, text: ' more' },
    { conversationId: 'c1', messageId: 'b', blockIndex: 2, text: '!' },
    { conversationId: 'c1', messageId: 'b', blockIndex: 1, text: 'not text' },
    { conversationId: 'c1', messageId: 'b', blockIndex: 7, text: 'no block' },
    { conversationId: 'c1', messageId: 'zzz', blockIndex: 0, text: 'no message' },
  ]);
  assert.deepEqual(texts(next), ['Hello', 'one|notice|two more!']);
  assert.equal(next[0], first);
  assert.notEqual(next[1], second);
  assert.deepEqual(texts(list), ['Hello', 'one|notice|two'], 'the input is left as it was');
  assert.equal(applyDeltas(list, [{ conversationId: 'c1', messageId: 'zzz', blockIndex: 0, text: '?' }]), list);
});

test('mergeFetched keeps what events said since the fetch began over the fetched copy', () => {
  const fetched = [message('u', 'question', 1), message('a', 'partial', 2, { status: 'streaming' })];
  const current = [message('a', 'partial and more', 2, { status: 'streaming' }), message('b', 'newer', 3)];
  assert.deepEqual(texts(mergeFetched(fetched, current, ['a', 'b'])), ['question', 'partial and more', 'newer']);
  assert.deepEqual(texts(mergeFetched(fetched, current, [])), ['question', 'partial'], 'a stale copy never beats the fetch');
});

test('the open conversation mirrors events from before its fetch answers, then the fetch fills in the rest', () => {
  const store = createAppStore();
  const s = store.getState;
  s().conversationsReceived([summary('c1'), summary('c2')]);
  s().openConversationById('c1');
  s().conversationFetchStarted('c1');
  s().messageReceived('c1', message('a', 'Hel', 2, { status: 'streaming' }));
  s().deltasReceived([{ conversationId: 'c1', messageId: 'a', blockIndex: 0, text: 'lo' }]);
  s().messageReceived('c2', message('x', 'other conversation', 2));
  s().deltasReceived([{ conversationId: 'c2', messageId: 'a', blockIndex: 0, text: 'other' }]);
  assert.deepEqual(texts(s().openConversation!.messages), ['Hello']);
  assert.equal(s().openConversation!.loaded, false);

  s().conversationLoaded(conversation('c1', [message('u', 'Hi', 1, { role: 'user' }), message('a', 'H', 2, { status: 'streaming' })]));
  const open = s().openConversation!;
  assert.equal(open.loaded, true);
  assert.deepEqual(texts(open.messages), ['Hi', 'Hello']);
  assert.deepEqual(open.disabledTools, ['srv']);

  s().conversationLoaded(conversation('c2', []));
  assert.equal(s().openConversation!.id, 'c1', 'a late answer for another conversation is ignored');
});

test('a deleted open conversation closes; turn state falls back to the last message', () => {
  const store = createAppStore();
  const s = store.getState;
  s().conversationsReceived([summary('c1')]);
  s().openConversationById('c1');
  s().messageReceived('c1', message('a', '…', 2, { status: 'streaming' }));
  assert.equal(turnStateOf(s(), 'c1'), 'streaming');
  s().turnChanged('c1', 'awaiting-approval');
  assert.equal(turnStateOf(s(), 'c1'), 'awaiting-approval');
  s().forgetTurns();
  assert.equal(turnStateOf(s(), 'c1'), 'streaming');
  assert.equal(turnStateOf(s(), 'other'), 'idle');
  s().conversationsReceived([]);
  assert.equal(s().openConversation, undefined);
});
