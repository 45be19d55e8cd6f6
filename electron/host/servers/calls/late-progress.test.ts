import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLateProgress } from './late-progress.ts';

test('only progress for a finished request counts as late progress', () => {
  assert.equal(isLateProgress(new Error('Received a progress notification for an unknown token: {"method":"notifications/progress"}')), true);
  assert.equal(isLateProgress(new Error('Received a response for an unknown message ID: {"id":7}')), false);
  assert.equal(isLateProgress(new Error('Unknown message type')), false);
});
