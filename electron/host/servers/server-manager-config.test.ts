import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import type { ConfigSnapshot } from '../../../shared/api/servers-api.ts';
import { createHarness, isProcessAlive, startedPids, waitForState, waitUntil } from './test-support/manager-harness.ts';
import type { Harness } from './test-support/manager-harness.ts';

function waitForConfig(harness: Harness, predicate: (snapshot: ConfigSnapshot) => boolean, timeoutMs = 10_000): Promise<ConfigSnapshot> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for a config change; now: ${JSON.stringify(harness.manager.configSnapshot())}`));
    }, timeoutMs);
    const off = harness.events.on('servers.configChanged', (snapshot) => {
      if (!predicate(snapshot)) return;
      clearTimeout(timer);
      off();
      resolve(snapshot);
    });
  });
}

test('edits to mcp.json apply live: added start, changed restart, removed stop, unchanged untouched', { timeout: 90_000 }, async (t) => {
  const alpha = fixtureStdio('legacy', ['--name', 'alpha']);
  const harness = createHarness(t, { mcpServers: { alpha } });
  await harness.manager.start();
  await harness.manager.settled(30_000);
  const [alphaPid] = startedPids(harness, 'alpha');

  harness.writeConfig({ mcpServers: { alpha, beta: fixtureStdio('legacy', ['--name', 'beta']) } });
  const beta = await waitForState(harness, 'beta', (state) => state.status === 'connected');
  assert.equal(beta.serverInfo?.name, 'beta');
  assert.deepEqual(startedPids(harness, 'alpha'), [alphaPid], 'alpha was not restarted');
  assert.equal(harness.manager.get('alpha')?.status, 'connected');

  // An editor that writes a new file and renames it into place.
  const temporary = path.join(harness.dataDir, 'mcp.json.swp');
  writeFileSync(temporary, JSON.stringify({ mcpServers: { alpha, beta: fixtureStdio('legacy', ['--name', 'beta-2']) } }));
  renameSync(temporary, harness.configPath);
  const changed = await waitForState(harness, 'beta', (state) => state.status === 'connected' && state.serverInfo?.name === 'beta-2');
  assert.equal(changed.status, 'connected');
  const betaPids = startedPids(harness, 'beta');
  assert.equal(betaPids.length, 2);
  assert.equal(isProcessAlive(betaPids[0]), false, 'the old beta process is gone');

  harness.writeConfig({ mcpServers: { beta: fixtureStdio('legacy', ['--name', 'beta-2']) } });
  await waitForConfig(harness, (snapshot) => !('alpha' in snapshot.entries));
  await harness.manager.settled(10_000);
  assert.equal(harness.manager.get('alpha'), undefined);
  assert.deepEqual(harness.manager.list().map((state) => state.name), ['beta']);
  await waitUntil(() => !isProcessAlive(alphaPid), 'the removed server was stopped');
  assert.deepEqual(startedPids(harness, 'beta'), betaPids, 'beta was not touched');
});

test('a broken mcp.json is never overwritten: the last good configuration keeps running and writes are refused', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { alpha: fixtureStdio('legacy') } });
  await harness.manager.start();
  await harness.manager.settled(30_000);
  const [alphaPid] = startedPids(harness, 'alpha');

  const broken = '{ "mcpServers": { "alpha": { "command": "node", } ';
  harness.writeConfig(broken);
  const snapshot = await waitForConfig(harness, (next) => next.fileError !== undefined);
  assert.match(snapshot.fileError ?? '', /^mcp\.json is not valid JSON: /);
  assert.deepEqual(Object.keys(snapshot.entries), ['alpha'], 'the snapshot still shows the configuration in force');
  assert.equal(harness.manager.get('alpha')?.status, 'connected');
  assert.deepEqual(startedPids(harness, 'alpha'), [alphaPid]);

  await assert.rejects(harness.manager.addServer('beta', { command: 'node' }), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'config_unreadable');
    assert.match(error.message, /was not changed because it cannot be read: mcp\.json is not valid JSON: .*Fix the file first\.$/);
    return true;
  });
  await assert.rejects(harness.manager.setEnabled('alpha', false), { code: 'config_unreadable' });
  assert.equal(readFileSync(harness.configPath, 'utf8'), broken);

  harness.writeConfig({ mcpServers: { alpha: fixtureStdio('legacy'), off: { command: 'node', disabled: true } } });
  const fixed = await waitForConfig(harness, (next) => next.fileError === undefined);
  assert.deepEqual(Object.keys(fixed.entries), ['alpha', 'off']);
  assert.equal(harness.manager.get('off')?.status, 'disabled');
  assert.deepEqual(startedPids(harness, 'alpha'), [alphaPid], 'alpha did not change, so it was not restarted');
});

test('writes through the API are atomic, keep unknown keys and order, and are not re-applied by the watcher', { timeout: 60_000 }, async (t) => {
  const original = {
    $schema: 'https://example.com/mcp.schema.json',
    mcpServers: {
      first: { command: 'first-server', disabled: true, note: 'kept' },
      fixture: { ...fixtureStdio('legacy'), disabled: true, 'x-custom': { keep: true } },
      last: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer secret-token' }, disabled: true },
    },
    otherHostSetting: [1, 2, 3],
  };
  const harness = createHarness(t, original);
  await harness.manager.start();
  assert.equal(harness.manager.get('fixture')?.status, 'disabled');
  assert.deepEqual(harness.manager.get('last')?.launch, { transport: 'http', url: 'https://example.com/mcp', headerKeys: ['Authorization'] });

  const enabled = await harness.manager.setEnabled('fixture', true);
  assert.equal(enabled.status, 'connected', enabled.reason);
  const written = readFileSync(harness.configPath, 'utf8');
  const { disabled: _dropped, ...fixtureEnabled } = original.mcpServers.fixture;
  assert.equal(written, `${JSON.stringify({ ...original, mcpServers: { ...original.mcpServers, fixture: fixtureEnabled } }, null, 2)}\n`);

  await harness.manager.updateServer('first', { command: 'first-server', disabled: true, note: 'kept' }, 'renamed');
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(harness.configPath, 'utf8')).mcpServers), ['renamed', 'fixture', 'last']);
  assert.equal(harness.manager.get('first'), undefined);
  assert.equal(harness.manager.get('renamed')?.status, 'disabled');

  await harness.manager.removeServer('last');
  const [fixturePid] = startedPids(harness, 'fixture');
  // Give the watcher time to see our own writes: it must not restart anything.
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.deepEqual(startedPids(harness, 'fixture'), [fixturePid]);
  assert.deepEqual(Object.keys(harness.manager.configSnapshot().entries), ['renamed', 'fixture']);
});

test('API writes validate entries and names, and report conflicts and unknown servers', { timeout: 30_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { one: { command: 'node', disabled: true } } });
  await harness.manager.start();
  await assert.rejects(harness.manager.addServer('two', { command: 'node', args: [1] }), {
    code: 'invalid_params',
    message: 'mcpServers.two.args.0: Invalid input: expected string, received number',
  });
  await assert.rejects(harness.manager.addServer('one', { command: 'node' }), { code: 'conflict', message: 'a server named "one" already exists' });
  await assert.rejects(harness.manager.addServer('bad/name', { command: 'node' }), { code: 'invalid_params' });
  await assert.rejects(harness.manager.updateServer('nope', { command: 'node' }), { code: 'not_found', message: 'no server named "nope"' });
  await assert.rejects(harness.manager.removeServer('nope'), { code: 'not_found' });
  await assert.rejects(harness.manager.restart('one'), { code: 'conflict', message: 'server "one" is disabled; enable it to start it' });
  const added = await harness.manager.addServer('two', { url: 'http://127.0.0.1:9/mcp', disabled: true });
  assert.equal(added.status, 'disabled');
  assert.equal(added.transport, 'http');
});

test('a missing mcp.json means no servers and is not created until something is added', { timeout: 30_000 }, async (t) => {
  const harness = createHarness(t, undefined);
  await harness.manager.start();
  assert.deepEqual(harness.manager.list(), []);
  assert.equal(existsSync(harness.configPath), false);
  await harness.manager.addServer('later', { command: 'node', disabled: true });
  assert.deepEqual(JSON.parse(readFileSync(harness.configPath, 'utf8')), { mcpServers: { later: { command: 'node', disabled: true } } });
  if (process.platform !== 'win32') assert.equal(statSync(harness.configPath).mode & 0o777, 0o600);
});

test('tool switches persist across a new manager on the same data dir', { timeout: 60_000 }, async (t) => {
  const first = createHarness(t, { mcpServers: { fixture: fixtureStdio('modern') } });
  await first.manager.start();
  await first.manager.settled(30_000);
  const catalog = first.manager.setToolEnabled('fixture', 'echo', false);
  assert.equal(catalog.tools.find((tool) => tool.name === 'echo')?.enabled, false);
  assert.equal(catalog.tools.find((tool) => tool.name === 'add')?.enabled, true);
  assert.throws(() => first.manager.setToolEnabled('fixture', 'no_such_tool', false), { code: 'not_found' });
  first.manager.setToolEnabled('fixture', undefined, false);
  assert.equal(first.manager.get('fixture')?.toolsEnabled, false);
  assert.ok(first.manager.catalog('fixture').tools.every((tool) => !tool.enabled));
  await first.close();

  const second = first.reopen();
  await second.manager.start();
  await second.manager.settled(30_000);
  assert.equal(second.manager.get('fixture')?.toolsEnabled, false);
  // Switching one tool on under a switched-off server turns the server on with only that tool.
  const only = second.manager.setToolEnabled('fixture', 'add', true);
  assert.deepEqual(only.tools.filter((tool) => tool.enabled).map((tool) => tool.name), ['add']);
  assert.equal(second.manager.get('fixture')?.toolsEnabled, true);
  const all = second.manager.setToolEnabled('fixture', undefined, true);
  assert.ok(all.tools.every((tool) => tool.enabled));
});

test('before start(), API writes only change the file and start nothing', { timeout: 30_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { existing: fixtureStdio('legacy') } });
  const added = await harness.manager.addServer('added', fixtureStdio('legacy'));
  assert.equal(added.status, 'stopped');
  assert.equal(added.reason, 'not started yet');
  assert.deepEqual(startedPids(harness, 'added'), []);
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(harness.configPath, 'utf8')).mcpServers), ['existing', 'added']);
});
