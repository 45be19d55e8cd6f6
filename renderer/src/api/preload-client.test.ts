import { assert, test } from '../test-support/node-test.mjs';
import { HostError } from '../../../shared/api/host-error.ts';
import type { CallEnvelope, PreloadBridge } from '../../../shared/api/preload-bridge.ts';
import { preloadConnection } from './preload-client.ts';

function bridge(answer: CallEnvelope): PreloadBridge & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    call: async (method, params) => {
      calls.push([method, params]);
      return answer;
    },
    on: () => () => {},
  };
}

test('unwraps results and turns error envelopes back into HostErrors', async () => {
  const ok = bridge({ ok: true, result: [{ name: 'a' }] });
  assert.deepEqual(await preloadConnection(ok).api.call('servers.list', {}), [{ name: 'a' }]);
  assert.deepEqual(ok.calls, [['servers.list', {}]]);

  const failing = bridge({ ok: false, error: { code: 'conflict', message: 'a server named a already exists' } });
  await assert.rejects(
    preloadConnection(failing).api.call('servers.add', { name: 'a', config: { command: 'x' } }),
    (error: unknown) => error instanceof HostError && error.code === 'conflict' && error.message === 'a server named a already exists',
  );
});

test('the IPC bridge is always open', () => {
  const state = preloadConnection(bridge({ ok: true, result: null })).state();
  assert.equal(state.status, 'open');
  assert.equal(state.epoch, 1);
});
