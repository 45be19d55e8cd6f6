import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultStartConcurrency, StartSlots } from './start-slots.ts';

test('no more than the limit run at once, and the rest go in the order they asked', async () => {
  const slots = new StartSlots(2);
  const order: string[] = [];
  const first = await slots.acquire();
  const second = await slots.acquire();
  assert.equal(first.waitedBehind, 0);
  const third = slots.acquire().then((slot) => (order.push('third'), slot));
  const fourth = slots.acquire().then((slot) => (order.push('fourth'), slot));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(order, []);
  assert.equal(slots.active, 2);
  assert.equal(slots.waiting, 2);
  first.release();
  first.release();
  const thirdSlot = await third;
  assert.deepEqual(order, ['third']);
  assert.equal(thirdSlot.waitedBehind, 1);
  // Releasing twice freed one slot, not two.
  assert.equal(slots.waiting, 1);
  second.release();
  const fourthSlot = await fourth;
  assert.equal(fourthSlot.waitedBehind, 2);
  thirdSlot.release();
  fourthSlot.release();
  assert.equal(slots.active, 0);
});

test('the default is two per core, between 2 and 8', () => {
  assert.equal(defaultStartConcurrency(1), 2);
  assert.equal(defaultStartConcurrency(2), 4);
  assert.equal(defaultStartConcurrency(3), 6);
  assert.equal(defaultStartConcurrency(64), 8);
  assert.throws(() => new StartSlots(0), RangeError);
});
