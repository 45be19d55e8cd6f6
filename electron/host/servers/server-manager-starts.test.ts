import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { binDir, createHarness } from './test-support/manager-harness.ts';

/** A file the fixture appends its pid to at every process start: the count of processes a start spawned. */
function spawnLog(t: { after(fn: () => unknown): void }): { file: string; count: () => number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-spawns-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'spawns.log');
  return { file, count: () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0) };
}

for (const era of ['modern', 'legacy'] as const) {
  test(`a ${era}-era stdio server is spawned once on its first start, and once again on the next`, { timeout: 90_000 }, async (t) => {
    const spawns = spawnLog(t);
    const first = createHarness(t, { mcpServers: { one: fixtureStdio(era, ['--spawn-log', spawns.file]) } });
    await first.manager.start();
    const [state] = await first.manager.settled(30_000);
    assert.equal(state.status, 'connected', state.reason);
    assert.equal(state.era, era);
    assert.equal(spawns.count(), 1, 'the era probe ran on the process that serves the session');
    await first.close();

    const second = first.reopen();
    await second.manager.start();
    const [again] = await second.manager.settled(30_000);
    assert.equal(again.status, 'connected', again.reason);
    assert.equal(again.era, era);
    assert.ok(second.manager.logs('one').some((entry) => entry.text.includes(`as a ${era}-era server (remembered)`)));
    assert.equal(spawns.count(), 2);
  });
}

test('a 2025-era server that exits on server/discover gets one fresh process, and the verdict spares it the next time', { timeout: 90_000 }, async (t) => {
  const spawns = spawnLog(t);
  const first = createHarness(t, { mcpServers: { old: fixtureStdio('legacy', ['--exit-on-unknown-method', '--spawn-log', spawns.file]) } });
  await first.manager.start();
  const [state] = await first.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.era, 'legacy');
  assert.equal(spawns.count(), 2);
  assert.ok(first.manager.logs('old').some((entry) => /when asked server\/discover; starting it again as a 2025-era server$/.test(entry.text)));
  const echo = await first.manager.callTool('old', 'echo', { text: 'alive' });
  assert.equal(echo.result.content[0]?.type === 'text' && echo.result.content[0].text, 'alive');
  await first.close();

  const second = first.reopen();
  await second.manager.start();
  const [again] = await second.manager.settled(30_000);
  assert.equal(again.status, 'connected', again.reason);
  assert.equal(spawns.count(), 3, 'remembered as 2025-era: no probe, one process');
});

test('a probe that times out is no verdict: nothing is remembered and the next start probes again', { timeout: 90_000 }, async (t) => {
  // The server reads its input only after 1.5 s, as a 2026 server on a loaded machine might.
  const entry = fixtureStdio('modern', ['--start-delay-ms', '1500']);
  const first = createHarness(t, { mcpServers: { slow: entry } }, { probeTimeoutMs: 300 });
  await first.manager.start();
  const [state] = await first.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  assert.ok(first.manager.logs('slow').some((line) => line.text.startsWith('no answer to server/discover within 300 ms')));
  await first.close();

  const second = first.reopen({ probeTimeoutMs: 10_000 });
  await second.manager.start();
  const [again] = await second.manager.settled(30_000);
  assert.equal(again.status, 'connected', again.reason);
  assert.ok(
    second.manager.logs('slow').some((line) => line.text.endsWith('probing its protocol era')),
    'probed again instead of reusing a verdict',
  );
  assert.equal(again.era, 'modern');
});

test('a spawn does not wait on a login shell that never answers: it starts with the inherited PATH and says so', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { one: fixtureStdio('legacy') } }, { loginShellPath: () => new Promise(() => {}) });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  assert.ok(harness.manager.logs('one').some((line) => line.text.endsWith('; starting with the inherited PATH')));
});

test('a command not found is looked up once more in a freshly read login shell PATH', { timeout: 60_000, skip: process.platform === 'win32' }, async (t) => {
  const loginBin = mkdtempSync(path.join(os.tmpdir(), 'switchboard-login-bin-'));
  t.after(() => rmSync(loginBin, { recursive: true, force: true }));
  symlinkSync(path.join(binDir, 'mcp-server-memory'), path.join(loginBin, 'just-installed-server'));
  symlinkSync(process.execPath, path.join(loginBin, 'node'));
  // The first read predates the install; the second sees it.
  const reads = ['/usr/bin:/bin', `${loginBin}:/usr/bin:/bin`];
  const harness = createHarness(t, { mcpServers: { fresh: { command: 'just-installed-server' } } }, { loginShellPath: async () => reads.shift() });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  assert.ok(harness.manager.logs('fresh').some((line) => line.text.endsWith("trying again with the login shell's PATH read just now")));
});
