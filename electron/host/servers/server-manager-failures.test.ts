import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { createHarness, isProcessAlive, processesWithMarker, startedPids, waitForLog, waitForState } from './test-support/manager-harness.ts';

const fastRestarts = { baseDelayMs: 100, maxDelayMs: 400, maxAttempts: 3, stableAfterMs: 60_000 };

function marker(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}`;
}

test('a crash mid-call fails the open calls clearly, then the server comes back on its own', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { fixture: fixtureStdio('modern') } }, { restartPolicy: fastRestarts });
  await harness.manager.start();
  await harness.manager.settled(30_000);
  const [firstPid] = startedPids(harness, 'fixture');

  const slow = harness.manager.callTool('fixture', 'slow', { ms: 10_000, steps: 2 });
  const crash = harness.manager.callTool('fixture', 'crash', { code: 7 });
  await assert.rejects(crash, {
    code: 'server_unavailable',
    message: 'server "fixture" exited with code 7 while the call to tool "crash" was running',
  });
  await assert.rejects(slow, {
    code: 'server_unavailable',
    message: 'server "fixture" exited with code 7 while the call to tool "slow" was running',
  });

  const crashed = await waitForState(harness, 'fixture', (state) => state.status === 'crashed');
  assert.equal(crashed.exit?.code, 7);
  assert.ok(crashed.exit?.stderrTail.includes('fixture: crashing with exit code 7'));
  assert.equal(crashed.reason, 'the server exited with code 7: fixture: crashing with exit code 7');
  assert.equal(crashed.restart?.attempt, 1);
  assert.equal(crashed.restart?.gaveUp, false);
  await assert.rejects(harness.manager.callTool('fixture', 'echo', { text: 'x' }), {
    code: 'server_unavailable',
    message: 'server "fixture" is not connected (status: crashed — the server exited with code 7: fixture: crashing with exit code 7)',
  });

  const back = await waitForState(harness, 'fixture', (state) => state.status === 'connected');
  assert.equal(back.exit, undefined);
  const echo = await harness.manager.callTool('fixture', 'echo', { text: 'back again' });
  assert.equal(echo.result.content[0]?.type === 'text' && echo.result.content[0].text, 'back again');
  assert.equal(isProcessAlive(firstPid), false);
  assert.ok(harness.manager.logs('fixture').some((entry) => entry.text === 'restarting in 100 ms (attempt 1 of 3)'));
});

test('a server that keeps dying is restarted with backoff, then given up on; a manual restart still works', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { flaky: fixtureStdio('misbehaving', ['--mode', 'exit-after-init']) } }, { restartPolicy: fastRestarts });
  await harness.manager.start();
  const gaveUp = await waitForState(harness, 'flaky', (state) => state.restart?.gaveUp === true, 40_000);
  assert.equal(gaveUp.status, 'crashed');
  assert.equal(gaveUp.restart?.attempt, 3);
  assert.match(gaveUp.reason ?? '', /exited with code 5.*gave up after 3 automatic restarts \(restart it by hand\)$/);
  const delays = harness.manager
    .logs('flaky')
    .map((entry) => /^restarting in (\d+) ms/.exec(entry.text)?.[1])
    .filter(Boolean);
  assert.deepEqual(delays, ['100', '200', '400']);

  const restarted = await harness.manager.restart('flaky');
  assert.equal(restarted.status, 'connected');
  assert.equal(restarted.restart, undefined, 'a manual restart forgets earlier failures');
});

test('an unknown command, a server that exits at once, and a bad entry each fail alone', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, {
    mcpServers: {
      missing: { command: 'definitely-not-an-mcp-server-xyz', env: { PATH: '/nonexistent/bin:/also/missing' } },
      quitter: fixtureStdio('misbehaving', ['--mode', 'exit']),
      broken: { command: 'node', args: 'not-an-array' },
      good: fixtureStdio('legacy'),
    },
  });
  await harness.manager.start();
  const states = Object.fromEntries((await harness.manager.settled(30_000)).map((state) => [state.name, state]));

  assert.equal(states.missing.status, 'error');
  assert.equal(
    states.missing.reason,
    'command "definitely-not-an-mcp-server-xyz" was not found in PATH; searched: /nonexistent/bin, /also/missing',
  );
  assert.deepEqual(states.missing.launch, { transport: 'stdio', command: 'definitely-not-an-mcp-server-xyz', args: [], envKeys: ['PATH'] });

  assert.equal(states.quitter.status, 'error');
  assert.equal(states.quitter.reason, 'the process exited with code 3 before the MCP handshake finished: misbehaving fixture: failing at start on purpose');
  assert.equal(states.quitter.restart, undefined, 'a server that never started is not restarted in a loop');

  assert.equal(states.broken.status, 'error');
  assert.equal(states.broken.reason, 'mcpServers.broken.args: args must be an array of strings');

  assert.equal(states.good.status, 'connected');
  assert.equal(states.good.era, 'legacy');
});

test('a server that hangs on connect is stopped after the connect timeout', { timeout: 60_000 }, async (t) => {
  const tag = marker('hang');
  const harness = createHarness(
    t,
    { mcpServers: { stuck: fixtureStdio('misbehaving', ['--mode', 'hang', '--name', tag]) } },
    { connectTimeoutMs: 2_500, probeTimeoutMs: 500 },
  );
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'error');
  assert.equal(state.reason, 'did not finish connecting within 2.5 s');
  const pids = startedPids(harness, 'stuck');
  assert.equal(pids.length, 1, 'the probe ran on a sibling; the session process started once');
  assert.equal(isProcessAlive(pids[0]), false);
  assert.deepEqual(processesWithMarker(tag), [], 'neither the probe sibling nor the session process is left');
});

test('noise on stdout is logged as a warning and does not break the connection', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { noisy: fixtureStdio('misbehaving', ['--mode', 'noise']) } });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  const echo = await harness.manager.callTool('noisy', 'echo', { text: 'through the noise' });
  assert.equal(echo.result.content[0]?.type === 'text' && echo.result.content[0].text, 'through the noise');
  const warning = await waitForLog(harness, 'noisy', (entry) => entry.text.startsWith('ignored a stdout line that is not JSON-RPC: noise'));
  assert.equal(warning.level, 'warning');
  assert.equal(warning.source, 'host');
  assert.ok(harness.manager.logs('noisy').some((entry) => entry.text === 'ignored a stdout line that is not JSON-RPC: { not json either'));
});
