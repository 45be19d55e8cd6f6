import { assert, test } from '../test-support/node-test.mjs';
import { backoffDelay } from './backoff.ts';

test('doubles from the base and stops at the cap', () => {
  const noJitter = { jitter: 0 };
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, noJitter)),
    [500, 1000, 2000, 4000, 8000, 15000, 15000],
  );
  assert.equal(backoffDelay(1000, noJitter), 15000);
});

test('jitter only shortens the delay, by at most its share', () => {
  assert.equal(backoffDelay(3, { random: () => 0 }), 2000);
  assert.equal(backoffDelay(3, { random: () => 1 }), 1600);
});
