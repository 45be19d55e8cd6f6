import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStdio } from '../../../../tests/fixtures/servers/launch.ts';
import { createHarness } from '../test-support/manager-harness.ts';

test('timed out, cancelled and failed tool calls each leave their own line in the server log', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { fx: { ...fixtureStdio('modern'), timeout: { call: 1, max: 2 } } } });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);

  await assert.rejects(harness.manager.callTool('fx', 'slow', { ms: 10_000, steps: 2 }), { code: 'timeout' });
  const stop = new AbortController();
  const cancelled = harness.manager.callTool('fx', 'slow', { ms: 10_000, steps: 20 }, { signal: stop.signal });
  setTimeout(() => stop.abort(), 200);
  await assert.rejects(cancelled, { code: 'cancelled' });
  await assert.rejects(harness.manager.callTool('fx', 'no_such_tool', {}), { code: 'request_failed' });

  const lines = harness.manager
    .logs('fx')
    .filter((entry) => entry.source === 'host' && entry.text.startsWith('tool call'))
    .map((entry) => `${entry.level} ${entry.text}`);
  assert.deepEqual(lines.map((line) => line.split(':')[0]), [
    'warning tool call "slow" timed out',
    'info tool call "slow" was cancelled',
    'warning tool call "no_such_tool" failed',
  ]);
  assert.match(lines[0], /timed out: .*ran longer than 2 s|timed out: .*no progress for 1 s/);
});

test('resource reads and prompt gets wait as long as the server\'s call timeout, not a fixed minute', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { fx: { ...fixtureStdio('modern', ['--read-delay-ms', '5000']), timeout: { call: 1 } } } });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);

  const started = Date.now();
  await assert.rejects(harness.manager.readResource('fx', 'fixture://readme'), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'timeout');
    assert.equal(error.message, 'server "fx" did not answer resource fixture://readme within 1 s');
    return true;
  });
  await assert.rejects(harness.manager.getPrompt('fx', 'greet', { name: 'Ada' }), { code: 'timeout', message: 'server "fx" did not answer prompt "greet" within 1 s' });
  assert.ok(Date.now() - started < 4_000, `took ${Date.now() - started} ms`);
});
