import { assert, test } from '../../../test-support/node-test.mjs';
import type { LogEntry } from '../../../../../shared/servers/server-state.ts';
import { filterLog, formatLogTime, logAsText } from './log-text.ts';

const at = new Date(2026, 0, 2, 3, 4, 5, 67).getTime();
const entries: LogEntry[] = [
  { server: 'a', seq: 1, time: at, source: 'lifecycle', level: 'info', text: 'Started npx -y pkg' },
  { server: 'a', seq: 2, time: at, source: 'stderr', level: 'error', text: 'Error: EADDRINUSE' },
  { server: 'a', seq: 3, time: at, source: 'server', level: 'debug', text: 'tick' },
];

test('filters by source and by text, case-insensitively', () => {
  assert.deepEqual(filterLog(entries, { text: '', source: 'all' }).map((e) => e.seq), [1, 2, 3]);
  assert.deepEqual(filterLog(entries, { text: 'eaddr', source: 'all' }).map((e) => e.seq), [2]);
  assert.deepEqual(filterLog(entries, { text: '', source: 'server' }).map((e) => e.seq), [3]);
  assert.deepEqual(filterLog(entries, { text: 'error', source: 'lifecycle' }), []);
});

test('formats times and copies lines as text', () => {
  assert.equal(formatLogTime(at), '03:04:05.067');
  assert.equal(
    logAsText(entries.slice(0, 2)),
    '2026-01-02 03:04:05.067 [lifecycle] info: Started npx -y pkg\n2026-01-02 03:04:05.067 [stderr] error: Error: EADDRINUSE',
  );
});
