import { assert, test } from '../test-support/node-test.mjs';
import type { LogEntry, ServerState } from '../../../shared/servers/server-state.ts';
import { mergeLogs } from './servers-slice.ts';
import { createAppStore } from './app-store.ts';

const entry = (seq: number, server = 'a'): LogEntry => ({ server, seq, time: seq, source: 'stderr', level: 'info', text: `line ${seq}` });

test('mergeLogs appends in order, drops repeats, and keeps the newest within the limit', () => {
  assert.deepEqual(mergeLogs([entry(1), entry(2)], [entry(3)]).map((e) => e.seq), [1, 2, 3]);
  assert.deepEqual(mergeLogs([entry(2), entry(3)], [entry(1), entry(2), entry(4)]).map((e) => e.seq), [1, 2, 3, 4]);
  assert.deepEqual(mergeLogs([entry(1), entry(2)], [entry(3), entry(4)], 3).map((e) => e.seq), [2, 3, 4]);
  const same = [entry(1)];
  assert.equal(mergeLogs(same, []), same);
});

test('a servers list drops catalogs and logs of servers that are gone', () => {
  const store = createAppStore();
  const s = store.getState;
  s().catalogReceived({ server: 'a', tools: [], resources: [], resourceTemplates: [], prompts: [], updatedAt: 1 });
  s().catalogReceived({ server: 'b', tools: [], resources: [], resourceTemplates: [], prompts: [], updatedAt: 1 });
  s().logReceived(entry(1, 'a'));
  s().logReceived(entry(1, 'b'));
  s().serversReceived([{ name: 'a' } as ServerState]);
  assert.deepEqual(Object.keys(s().catalogs), ['a']);
  assert.deepEqual(Object.keys(s().logs), ['a']);
});
