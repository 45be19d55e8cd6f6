import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LogRing } from './log-ring.ts';

test('keeps entries in order with increasing seq', () => {
  const ring = new LogRing('alpha', 5);
  ring.push('stderr', 'info', 'one', 10);
  ring.push('lifecycle', 'notice', 'two', 20);
  assert.deepEqual(ring.list(), [
    { server: 'alpha', seq: 1, time: 10, source: 'stderr', level: 'info', text: 'one' },
    { server: 'alpha', seq: 2, time: 20, source: 'lifecycle', level: 'notice', text: 'two' },
  ]);
});

test('drops the oldest entries once full, keeping seq monotonic', () => {
  const ring = new LogRing('alpha', 3);
  for (let i = 1; i <= 8; i++) ring.push('host', 'info', `line ${i}`);
  const entries = ring.list();
  assert.equal(ring.size, 3);
  assert.deepEqual(entries.map((entry) => entry.text), ['line 6', 'line 7', 'line 8']);
  assert.deepEqual(entries.map((entry) => entry.seq), [6, 7, 8]);
});

test('rejects a capacity that cannot hold anything', () => {
  assert.throws(() => new LogRing('alpha', 0), RangeError);
});
