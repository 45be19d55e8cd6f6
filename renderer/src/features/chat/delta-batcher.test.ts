import { assert, test } from '../../test-support/node-test.mjs';
import type { ChatDelta } from '../../store/chat-slice.ts';
import { createDeltaBatcher } from './delta-batcher.ts';

const delta = (messageId: string, text: string): ChatDelta => ({ conversationId: 'c', messageId, blockIndex: 0, text });

test('deltas reach the store once per frame, in order, and a whole message drops the ones it already holds', () => {
  const frames: (() => void)[] = [];
  const applied: string[][] = [];
  const batcher = createDeltaBatcher(
    (deltas) => applied.push(deltas.map((entry) => `${entry.messageId}:${entry.text}`)),
    (run) => frames.push(run),
  );
  batcher.push(delta('a', '1'));
  batcher.push(delta('b', '2'));
  batcher.push(delta('a', '3'));
  assert.equal(frames.length, 1, 'one frame is asked for, however many deltas come');
  batcher.dropFor('a');
  frames.shift()!();
  assert.deepEqual(applied, [['b:2']]);

  batcher.push(delta('a', '4'));
  batcher.flush();
  assert.deepEqual(applied, [['b:2'], ['a:4']]);
  frames.shift()!();
  assert.equal(applied.length, 2, 'a frame with nothing waiting applies nothing');
});
