import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CallHolds, pausableDeadline } from './call-holds.ts';

test('holds count per server; a release works once', () => {
  const holds = new CallHolds();
  const changes: boolean[] = [];
  holds.onChange('a', () => changes.push(holds.held('a')));
  const first = holds.hold('a');
  const second = holds.hold('a');
  assert.equal(holds.held('a'), true);
  assert.equal(holds.held('b'), false);
  first();
  first();
  assert.equal(holds.held('a'), true, 'a second release of the same hold does not end the other hold');
  second();
  assert.equal(holds.held('a'), false);
  assert.deepEqual(changes, [true, true, true, false]);
});

test('a deadline stands still while its server is held and expires after the rest of its time once released', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const holds = new CallHolds();
  let expired = 0;
  pausableDeadline(1_000, holds, 'a', () => expired++, Date.now);
  t.mock.timers.tick(600);
  const release = holds.hold('a');
  t.mock.timers.tick(60_000);
  assert.equal(expired, 0, 'the person\'s minute does not count');
  release();
  t.mock.timers.tick(399);
  assert.equal(expired, 0);
  t.mock.timers.tick(1);
  assert.equal(expired, 1);
});

test('a deadline created while held starts only when released; disposing stops it', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const holds = new CallHolds();
  const release = holds.hold('a');
  let expired = 0;
  const deadline = pausableDeadline(100, holds, 'a', () => expired++, Date.now);
  t.mock.timers.tick(1_000);
  assert.equal(expired, 0);
  release();
  deadline.dispose();
  t.mock.timers.tick(1_000);
  assert.equal(expired, 0);
});
