import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CallHolds } from './call-holds.ts';

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
