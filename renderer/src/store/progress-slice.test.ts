import { assert, test } from '../test-support/node-test.mjs';
import { createAppStore } from './app-store.ts';

test('the latest progress of each call is kept, by tool call id or call id, and old calls are dropped', () => {
  const store = createAppStore();
  store.getState().progressReceived({ server: 's', tool: 't', toolCallId: 'a', progress: 1, total: 4, message: 'one' });
  store.getState().progressReceived({ server: 's', tool: 't', toolCallId: 'a', progress: 2, total: 4, message: 'two' });
  store.getState().progressReceived({ server: 's', tool: 't', callId: 'run-1', progress: 5 });
  store.getState().progressReceived({ server: 's', tool: 't', progress: 9 });
  assert.equal(store.getState().callProgress.a?.message, 'two');
  assert.equal(store.getState().callProgress['run-1']?.progress, 5);
  assert.equal(Object.keys(store.getState().callProgress).length, 2, 'progress that names no call is not kept');
  for (let i = 0; i < 150; i++) store.getState().progressReceived({ server: 's', tool: 't', callId: `c${i}`, progress: i });
  assert.equal(Object.keys(store.getState().callProgress).length, 100);
  assert.equal(store.getState().callProgress.c149?.progress, 149);
});
