import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { binDir, createHarness, isProcessAlive, publishedServer, startedPids, waitForLog } from './test-support/manager-harness.ts';

test('full lifecycle against the published everything server over stdio', { timeout: 90_000 }, async (t) => {
  const configured: { server: string; connectedYet: boolean }[] = [];
  const harness = createHarness(
    t,
    {
      mcpServers: {
        everything: { ...publishedServer('everything'), env: { EVERYTHING_TOKEN: 'do-not-log-me' } },
        memory: publishedServer('memory'),
      },
    },
    { configureClient: (client, server) => configured.push({ server, connectedYet: client.getServerCapabilities() !== undefined }) },
  );
  const started = Date.now();
  await harness.manager.start();
  assert.ok(harness.manager.list().every((state) => state.status === 'connecting'), 'start() returns while servers connect');
  const states = Object.fromEntries((await harness.manager.settled(60_000)).map((state) => [state.name, state]));
  assert.ok(Date.now() - started < 60_000);

  const everything = states.everything;
  assert.equal(everything.status, 'connected', everything.reason);
  assert.equal(everything.era, 'legacy');
  assert.equal(everything.protocolVersion, '2025-11-25');
  assert.equal(everything.serverInfo?.name, 'mcp-servers/everything');
  assert.ok(everything.capabilities?.tools);
  assert.ok(everything.instructions && everything.instructions.length > 0);
  assert.ok(everything.connectedAt && everything.connectedAt >= started);
  assert.deepEqual(everything.launch && everything.launch.transport === 'stdio' && everything.launch.envKeys, ['EVERYTHING_TOKEN']);
  const catalog = harness.manager.catalog('everything');
  assert.equal(everything.counts.tools, catalog.tools.length);
  assert.ok(catalog.tools.some((tool) => tool.name === 'echo'));
  assert.ok(catalog.resources.length > 0 && catalog.resourceTemplates.length > 0 && catalog.prompts.length > 0);
  assert.ok(catalog.updatedAt >= started);
  assert.equal(states.memory.status, 'connected', states.memory.reason);

  // The hook the consent work uses to register handlers sees every client before it connects.
  assert.deepEqual(configured.map((entry) => entry.server).sort(), ['everything', 'memory']);
  assert.ok(configured.every((entry) => !entry.connectedYet));
  assert.equal(harness.manager.client('everything')?.getServerVersion()?.name, 'mcp-servers/everything');

  const outcome = await harness.manager.callTool('everything', 'echo', { message: 'hello' });
  assert.deepEqual(outcome.result.content, [{ type: 'text', text: 'Echo: hello' }]);
  assert.equal(outcome.server, 'everything');
  assert.equal(outcome.tool, 'echo');

  const logs = harness.manager.logs('everything');
  assert.ok(logs.some((entry) => entry.source === 'stderr' && entry.text.includes('Starting default (STDIO) server')));
  assert.ok(logs.some((entry) => entry.source === 'lifecycle' && entry.text === 'connected: legacy era, protocol 2025-11-25'));
  assert.deepEqual(logs.map((entry) => entry.seq), logs.map((_, index) => index + 1));
  assert.ok(harness.seen['servers.log'].some((entry) => entry.server === 'everything'));
  assert.ok(harness.seen['servers.catalogChanged'].some((entry) => entry.server === 'everything'));
  assert.ok(harness.seen['servers.configChanged'].length >= 1);

  const pids = [...startedPids(harness, 'everything'), ...startedPids(harness, 'memory')];
  assert.equal(pids.length, 2);
  await harness.close();
  for (const pid of pids) assert.equal(isProcessAlive(pid), false, `process ${pid} is gone after close()`);
  assert.ok(harness.manager.list().every((state) => state.status === 'stopped'));
  const allText = JSON.stringify([...harness.seen['servers.log'], ...harness.seen['servers.changed']]);
  assert.ok(!allText.includes('do-not-log-me'), 'env values never reach logs or events');
});

test('a command found only on the login shell PATH starts', { timeout: 60_000, skip: process.platform === 'win32' }, async (t) => {
  const loginBin = mkdtempSync(path.join(os.tmpdir(), 'switchboard-login-bin-'));
  t.after(() => rmSync(loginBin, { recursive: true, force: true }));
  symlinkSync(path.join(binDir, 'mcp-server-memory'), path.join(loginBin, 'my-memory-server'));
  symlinkSync(process.execPath, path.join(loginBin, 'node'));
  const harness = createHarness(
    t,
    { mcpServers: { memory: { command: 'my-memory-server' } } },
    { loginShellPath: async () => `${loginBin}:/usr/bin:/bin` },
  );
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  const started = await waitForLog(harness, 'memory', (entry) => entry.text.startsWith('starting my-memory-server'));
  assert.equal(started.source, 'lifecycle');
});

test('calls to a server that is not connected fail at once, naming its status', { timeout: 30_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { off: { command: 'node', disabled: true } } });
  await harness.manager.start();
  await assert.rejects(harness.manager.callTool('off', 'anything', {}), { code: 'server_unavailable', message: 'server "off" is disabled' });
  await assert.rejects(harness.manager.readResource('off', 'file:///x'), { code: 'server_unavailable' });
  await assert.rejects(harness.manager.callTool('ghost', 'anything', {}), { code: 'not_found', message: 'no server named "ghost"' });
  assert.throws(() => harness.manager.catalog('ghost'), { code: 'not_found' });
  assert.equal(harness.manager.client('off'), undefined);
});
