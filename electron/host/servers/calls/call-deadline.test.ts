import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CallHolds } from '../call-holds.ts';
import { callDeadline } from './call-deadline.ts';
import type { DeadlineHit } from './call-deadline.ts';

test('progress restarts the idle limit, up to the total limit', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const hits: DeadlineHit[] = [];
  const deadline = callDeadline({ idleMs: 100, maxMs: 350 }, (hit) => hits.push(hit), undefined, Date.now);
  for (let i = 0; i < 3; i++) {
    t.mock.timers.tick(90);
    deadline.progressed();
  }
  assert.deepEqual(hits, [], '270 ms in all, never 100 ms without progress');
  t.mock.timers.tick(79);
  deadline.progressed();
  assert.deepEqual(hits, []);
  t.mock.timers.tick(1);
  assert.deepEqual(hits, ['max']);
  deadline.progressed();
  t.mock.timers.tick(1_000);
  assert.deepEqual(hits, ['max'], 'expires once');
});

test('without progress the idle limit is hit', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const hits: DeadlineHit[] = [];
  const deadline = callDeadline({ idleMs: 100, maxMs: 350 }, (hit) => hits.push(hit), undefined, Date.now);
  t.mock.timers.tick(60);
  deadline.progressed();
  t.mock.timers.tick(99);
  assert.deepEqual(hits, []);
  t.mock.timers.tick(1);
  assert.deepEqual(hits, ['idle']);
});

test('both limits stand still while the server is held and run on from where they stopped', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const holds = new CallHolds();
  const hits: DeadlineHit[] = [];
  callDeadline({ idleMs: 1_000, maxMs: 5_000 }, (hit) => hits.push(hit), { holds, server: 'a' }, Date.now);
  t.mock.timers.tick(600);
  const release = holds.hold('a');
  t.mock.timers.tick(60_000);
  assert.deepEqual(hits, [], "the person's minute does not count");
  release();
  t.mock.timers.tick(399);
  assert.deepEqual(hits, []);
  t.mock.timers.tick(1);
  assert.deepEqual(hits, ['idle']);
});

test('a deadline created while held starts only when released; disposing stops it', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const holds = new CallHolds();
  const release = holds.hold('a');
  const hits: DeadlineHit[] = [];
  const deadline = callDeadline({ idleMs: 100, maxMs: 100 }, (hit) => hits.push(hit), { holds, server: 'a' }, Date.now);
  t.mock.timers.tick(1_000);
  deadline.progressed();
  t.mock.timers.tick(1_000);
  assert.deepEqual(hits, []);
  release();
  deadline.dispose();
  t.mock.timers.tick(1_000);
  assert.deepEqual(hits, []);
});
