import { assert, test } from '../../test-support/node-test.mjs';
import type { ConsentRequest } from '../../../../shared/consent/consent-types.ts';
import { currentRequests } from './consent-groups.ts';

const form = (id: string, createdAt: number, group?: { id: string; index: number; size: number }): ConsentRequest => ({
  id,
  kind: 'elicitation-form',
  server: 'srv',
  createdAt,
  payload: { message: id, requestedSchema: {}, fields: [], sensitive: [] },
  ...(group ? { group } : {}),
});
const ids = (requests: ConsentRequest[]) => requests.map((request) => request.id);

test('one request at a time, oldest first, skipping those put aside', () => {
  const list = [form('a', 1), form('b', 2)];
  assert.deepEqual(ids(currentRequests(list, [])), ['a']);
  assert.deepEqual(ids(currentRequests(list, ['a'])), ['b']);
  assert.deepEqual(ids(currentRequests(list, ['a', 'b'])), []);
});

test('a round of several inputs is shown together, in the order asked', () => {
  const list = [form('x', 1), form('g2', 2, { id: 'g', index: 1, size: 2 }), form('g1', 2, { id: 'g', index: 0, size: 2 }), form('y', 3)];
  assert.deepEqual(ids(currentRequests(list, ['x'])), ['g1', 'g2']);
  assert.deepEqual(ids(currentRequests(list.filter((request) => request.id !== 'g1'), ['x'])), ['g2'], 'answered ones leave; the rest stay');
});

test('servers waiting to be trusted are reviewed together, whenever each was asked', () => {
  const trust = (id: string, createdAt: number) => ({ ...form(id, createdAt), kind: 'server-trust', payload: {} }) as unknown as ConsentRequest;
  const list = [trust('t1', 1), form('x', 2), trust('t2', 3), trust('t3', 4)];
  assert.deepEqual(ids(currentRequests(list, [])), ['t1', 't2', 't3']);
  assert.deepEqual(ids(currentRequests(list, ['t1', 'x'])), ['t2', 't3'], 'one put aside stays aside');
  assert.deepEqual(ids(currentRequests([form('x', 1), ...list], [])), ['x'], 'the oldest question still comes first');
});

test('the tool calls of one conversation waiting together are reviewed together; an app\'s and another chat\'s are not', () => {
  const call = (id: string, createdAt: number, conversationId: string, fromApp?: string) =>
    ({ ...form(id, createdAt), kind: 'tool-approval', context: { conversationId }, payload: { tool: id, arguments: {}, ...(fromApp ? { fromApp } : {}) } }) as unknown as ConsentRequest;
  const list = [call('c1', 1, 'A'), call('other', 2, 'B'), call('app', 3, 'A', 'viewer'), call('c2', 4, 'A'), call('c3', 5, 'A')];
  assert.deepEqual(ids(currentRequests(list, [])), ['c1', 'c2', 'c3']);
  assert.deepEqual(ids(currentRequests(list, ['c2'])), ['c1', 'c3'], 'one put aside stays aside');
  assert.deepEqual(ids(currentRequests(list, ['c1', 'c2', 'c3'])), ['other']);
});
