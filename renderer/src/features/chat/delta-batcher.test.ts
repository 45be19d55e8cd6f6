import { assert, test } from '../../test-support/node-test.mjs';
import type { ChatDelta } from '../../store/chat-slice.ts';
import { createDeltaBatcher } from './delta-batcher.ts';

const delta = (messageId: string, text: string): ChatDelta => ({ conversationId: 'c', messageId, blockIndex: 0, text });

function harness(minIntervalMs: number) {
  let clock = 1000;
  const frames: { run: () => void; delayMs: number }[] = [];
  const applied: string[][] = [];
  const batcher = createDeltaBatcher((deltas) => applied.push(deltas.map((entry) => `${entry.messageId}:${entry.text}`)), {
    schedule: (run, delayMs) => frames.push({ run, delayMs }),
    minIntervalMs,
    now: () => clock,
  });
  return { batcher, frames, applied, tick: (ms: number) => (clock += ms) };
}

test('deltas reach the store in one batch per frame, in order, and a whole message drops the ones it already holds', () => {
  const { batcher, frames, applied } = harness(0);
  batcher.push(delta('a', '1'));
  batcher.push(delta('b', '2'));
  batcher.push(delta('a', '3'));
  assert.equal(frames.length, 1, 'one frame is asked for, however many deltas come');
  batcher.dropFor('a');
  frames.shift()!.run();
  assert.deepEqual(applied, [['b:2']]);

  batcher.push(delta('a', '4'));
  batcher.flush();
  assert.deepEqual(applied, [['b:2'], ['a:4']]);
  frames.shift()!.run();
  assert.equal(applied.length, 2, 'a frame with nothing waiting applies nothing');
});

test('batches are spaced by the minimum interval, counted from the last flush', () => {
  const { batcher, frames, applied, tick } = harness(50);
  batcher.push(delta('a', '1'));
  assert.equal(frames[0].delayMs, 0, 'the first batch goes on the next frame');
  frames.shift()!.run();
  tick(20);
  batcher.push(delta('a', '2'));
  assert.equal(frames[0].delayMs, 30);
  tick(30);
  frames.shift()!.run();
  tick(80);
  batcher.push(delta('a', '3'));
  assert.equal(frames[0].delayMs, 0);
  assert.deepEqual(applied, [['a:1'], ['a:2']]);
});
