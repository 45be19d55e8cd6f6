import { assert, test } from '../../test-support/node-test.mjs';
import type { HostApi } from '../../../../shared/api/host-api.ts';
import { HostError } from '../../../../shared/api/host-error.ts';
import type { ChatMessage, Conversation } from '../../../../shared/chat/chat-types.ts';
import { createAppStore } from '../../store/app-store.ts';
import { syncChat } from './chat-events.ts';

const message = (id: string, text: string, status: ChatMessage['status'] = 'complete'): ChatMessage => ({
  id,
  conversationId: 'c1',
  role: 'assistant',
  blocks: [{ type: 'text', text }],
  status,
  createdAt: 1,
});
const conversation = (messages: ChatMessage[]): Conversation => ({ id: 'c1', title: 'One', createdAt: 1, updatedAt: 1, messageCount: messages.length, messages, disabledTools: [] });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeApi(answers: Record<string, (params: unknown) => unknown>) {
  const listeners = new Map<string, (payload: unknown) => void>();
  const calls: string[] = [];
  const api = {
    call: async (method: string, params: unknown) => {
      calls.push(method);
      return answers[method]?.(params);
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  } as unknown as HostApi;
  return { api, calls, emit: (event: string, payload: unknown) => listeners.get(event)?.(payload), listening: () => listeners.size };
}

test('opening a conversation fetches it; deltas land once per frame and a whole message replaces the ones it holds', async () => {
  const frames: (() => void)[] = [];
  const fake = fakeApi({ 'chat.get': () => conversation([message('a', 'Hel', 'streaming')]) });
  const store = createAppStore();
  store.getState().connectionChanged({ status: 'open', attempt: 0, epoch: 1 });
  const errors: unknown[] = [];
  const sync = syncChat(fake.api, store, (error) => errors.push(error), (run) => frames.push(run));

  store.getState().openConversationById('c1');
  await tick();
  assert.deepEqual(fake.calls, ['chat.get']);
  const texts = () => store.getState().openConversation?.messages.map((entry) => (entry.blocks[0] as { text: string }).text);
  assert.deepEqual(texts(), ['Hel']);

  fake.emit('chat.delta', { conversationId: 'c1', messageId: 'a', blockIndex: 0, text: 'l' });
  fake.emit('chat.delta', { conversationId: 'c1', messageId: 'a', blockIndex: 0, text: 'o' });
  assert.deepEqual(texts(), ['Hel'], 'nothing lands before the frame');
  frames.shift()!();
  assert.deepEqual(texts(), ['Hello']);

  fake.emit('chat.delta', { conversationId: 'c1', messageId: 'a', blockIndex: 0, text: '!' });
  fake.emit('chat.message', { conversationId: 'c1', message: message('a', 'Hello!') });
  frames.shift()!();
  assert.deepEqual(texts(), ['Hello!'], 'the delta already in the whole message is not applied twice');

  fake.emit('chat.turn', { conversationId: 'c1', state: 'running-tools' });
  assert.equal(store.getState().turnStates.c1, 'running-tools');
  sync.stop();
  assert.equal(fake.listening(), 0);
  assert.deepEqual(errors, []);
});

test('a refetch reloads lists, forgets turn states, and a conversation deleted meanwhile is not an error', async () => {
  const errors: unknown[] = [];
  const fake = fakeApi({
    'chat.list': () => [],
    'settings.get': () => ({ systemPrompt: '' }),
    'grants.list': () => [],
    'grants.heldTools': () => [{ server: 'fx', tool: 'echo', approvedAt: 1, enabled: true }],
    'chat.get': () => {
      throw new HostError('not_found', 'no conversation with id c1');
    },
  });
  const store = createAppStore();
  store.getState().openConversationById('c1');
  store.getState().turnChanged('c1', 'streaming');
  const sync = syncChat(fake.api, store, (error) => errors.push(error), (run) => run());
  sync.refetch();
  await tick();
  assert.deepEqual(fake.calls.sort(), ['chat.get', 'chat.list', 'grants.heldTools', 'grants.list', 'settings.get']);
  assert.deepEqual(store.getState().heldTools.map((held) => held.tool), ['echo'], 'tools held back are mirrored');
  assert.deepEqual(store.getState().turnStates, {});
  assert.equal(store.getState().openConversation, undefined, 'the empty list closed it');
  assert.deepEqual(errors, []);
  sync.stop();
});

test('a conversation opens at its newest page, older pages arrive when wanted, and a search hit opens where it is', async () => {
  const all = Array.from({ length: 250 }, (_, index) => message(`m${index}`, `text ${index}`));
  const asked: unknown[] = [];
  const fake = fakeApi({
    'chat.get': (params) => {
      asked.push(params);
      const { from, limit } = params as { from?: string; limit: number };
      const start = from ? Math.max(0, Number(from.slice(1)) - 10) : all.length - limit;
      return { ...conversation(all.slice(start)), hasOlder: start > 0 };
    },
    'chat.olderMessages': (params) => {
      asked.push(params);
      const { before, limit } = params as { before: string; limit: number };
      const end = Number(before.slice(1));
      return { messages: all.slice(Math.max(0, end - limit), end), hasOlder: end - limit > 0 };
    },
  });
  const store = createAppStore();
  store.getState().connectionChanged({ status: 'open', attempt: 0, epoch: 1 });
  const errors: unknown[] = [];
  const sync = syncChat(fake.api, store, (error) => errors.push(error), (run) => run());
  const ids = () => store.getState().openConversation!.messages.map((entry) => entry.id);

  store.getState().openConversationById('c1');
  await tick();
  assert.equal(ids().length, 60);
  assert.equal(ids().at(-1), 'm249');
  assert.equal(store.getState().openConversation?.hasOlder, true);

  store.getState().olderMessagesWanted();
  store.getState().olderMessagesWanted();
  await tick();
  assert.equal(ids().length, 160, 'one page, however often the list asks while it loads');
  assert.equal(ids()[0], 'm90');
  store.getState().olderMessagesWanted();
  await tick();
  store.getState().olderMessagesWanted();
  await tick();
  assert.equal(ids()[0], 'm0');
  assert.equal(store.getState().openConversation?.hasOlder, false);
  const calls = fake.calls.length;
  store.getState().olderMessagesWanted();
  await tick();
  assert.equal(fake.calls.length, calls, 'nothing is asked once the first message is loaded');

  store.getState().openConversationById(undefined);
  store.getState().openConversationById('c1', 'm40');
  await tick();
  assert.equal(ids()[0], 'm30');
  assert.deepEqual(asked.at(-1), { id: 'c1', from: 'm40', limit: 60 });
  assert.deepEqual(errors, []);
  sync.stop();
});
