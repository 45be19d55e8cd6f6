import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { createHarness } from './test-support/manager-harness.ts';

/** One busy loop per core, each ending by itself after `seconds` at the latest. */
function cpuHog(seconds: number): ChildProcess[] {
  const loop = `const end = Date.now() + ${seconds * 1000}; while (Date.now() < end) {}`;
  return Array.from({ length: os.availableParallelism() }, () => spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }));
}

test('20 servers of the 2026 era beside a CPU hog all connect as 2026-era with the default timeouts', { timeout: 240_000 }, async (t) => {
  const hog = cpuHog(180);
  t.after(() => {
    for (const child of hog) child.kill('SIGKILL');
  });
  const servers = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`modern-${index + 1}`, fixtureStdio('modern')]));
  // The app's defaults: the harness's shorter connect timeout is put back to the manager's own.
  const harness = createHarness(t, { mcpServers: servers }, { connectTimeoutMs: undefined });
  await harness.manager.start();
  const states = await harness.manager.settled(200_000);
  const wrong = states.filter((state) => state.status !== 'connected' || state.era !== 'modern');
  assert.deepEqual(
    wrong.map((state) => `${state.name}: ${state.status} ${state.era ?? ''} ${state.reason ?? ''}`),
    [],
    'every server connected in its own era',
  );
  assert.equal(states.length, 20);
});
