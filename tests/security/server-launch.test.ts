/**
 * Issue #7, what held: a hostile mcp.json entry or a hostile local environment cannot make a server launch do
 * more than the reviewed launch says. Arguments reach the program as they are, with no shell in between; the
 * host's own secrets stay out of the server's environment; a launch nobody trusted never runs, and a changed
 * launch is asked about again before it runs. (MCP security best practices, Local MCP Server Compromise.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Host } from '../../electron/host/host.ts';
import { launchFingerprint } from '../../electron/host/consent/launch-fingerprint.ts';
import { startHumanHost } from '../../electron/host/human/test-support/human-host.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';

function tempRoot(t: { after(fn: () => void): void }): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sb-server-launch-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

async function startHost(t: { after(fn: () => Promise<void>): void }, root: string, mcpServers: Record<string, unknown>): Promise<Host> {
  const configPath = path.join(root, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers }));
  const host = await Host.start({ dataDir: path.join(root, 'data'), configPath, autoStart: true, serverTrust: 'config-is-consent' });
  t.after(() => host.close());
  await host.servers.settled(30_000);
  return host;
}

function resultText(outcome: unknown): string {
  const { result } = outcome as { result: { content: { type: string; text?: string }[] } };
  return result.content.map((part) => part.text ?? '').join('\n');
}

/** The fixture appends its pid here at every process start: how many processes the host spawned. */
function spawnCount(file: string): number {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}

test('arguments with shell syntax reach the server literally: no shell runs them', { timeout: 60_000, skip: process.platform === 'win32' }, async (t) => {
  const root = tempRoot(t);
  const markers = ['semicolon', 'substitution', 'backtick', 'pipe', 'and'].map((name) => path.join(root, name));
  const hostile = [
    `x; touch ${markers[0]};`,
    `$(touch ${markers[1]})`,
    `\`touch ${markers[2]}\``,
    `| touch ${markers[3]}`,
    `&& touch ${markers[4]} #`,
  ].join(' ');
  const host = await startHost(t, root, { fx: fixtureStdio('modern', ['--name', hostile]) });

  const state = host.servers.get('fx');
  assert.equal(state?.status, 'connected', state?.reason);
  // The fixture reports its --name as serverInfo.name: the program got the whole string as one argument.
  assert.equal(state?.serverInfo?.name, hostile);
  for (const marker of markers) assert.equal(existsSync(marker), false, `${path.basename(marker)}: a shell ran part of the arguments`);
});

test('a command with shell syntax is looked up as one file name and runs nothing', { timeout: 60_000, skip: process.platform === 'win32' }, async (t) => {
  const root = tempRoot(t);
  const marker = path.join(root, 'ran');
  const host = await startHost(t, root, { fx: { command: `node; touch ${marker}`, args: [] } });

  const state = host.servers.get('fx');
  assert.notEqual(state?.status, 'connected');
  assert.match(state?.reason ?? '', /not found|no such/i);
  assert.equal(existsSync(marker), false, 'a shell ran the part after the semicolon');
});

test('the host\'s own secrets never reach a server\'s environment; the entry\'s env and a working PATH do', { timeout: 60_000 }, async (t) => {
  const hostSecrets: Record<string, string> = {
    ANTHROPIC_API_KEY: 'sk-ant-host-only-6c1e0f',
    OPENAI_API_KEY: 'sk-host-only-2b7d94',
    AWS_SECRET_ACCESS_KEY: 'aws-host-only-a81f3e',
    GITHUB_TOKEN: 'ghp_hostonly93c1d0',
  };
  const before = Object.fromEntries(Object.keys(hostSecrets).map((name) => [name, process.env[name]]));
  Object.assign(process.env, hostSecrets);
  t.after(() => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const root = tempRoot(t);
  const host = await startHost(t, root, { fx: { ...fixtureStdio('modern'), env: { ENTRY_VALUE: 'given-on-purpose' } } });
  assert.equal(host.servers.get('fx')?.status, 'connected', host.servers.get('fx')?.reason);
  const envOf = async (name: string) => resultText(await host.call('tools.call', { server: 'fx', tool: 'env', arguments: { name } }));

  for (const name of Object.keys(hostSecrets)) assert.equal(await envOf(name), `${name} is not set`);
  assert.match(await envOf('ENTRY_VALUE'), /^ENTRY_VALUE is set: 16 characters/);
  assert.match(await envOf('PATH'), /^PATH is set/);
});

test('a launch nobody trusted never runs; a changed env value or argument asks again before the new launch runs', { timeout: 90_000 }, async (t) => {
  const root = tempRoot(t);
  const spawns = path.join(root, 'spawns.log');
  const entry = { ...fixtureStdio('modern', ['--spawn-log', spawns]), env: { REGION: 'eu-west' } };
  const h = await startHumanHost({ fx: entry }, { serverTrust: 'ask' });
  t.after(() => h.close());

  const gated = await h.serverState('fx', (state) => state.status === 'awaiting-trust' || state.status === 'connected');
  assert.equal(gated.status, 'awaiting-trust', 'an untrusted launch started without asking');
  const first = await h.nextRequest('server-trust');
  h.host.consent.answer(first.id, { decision: 'deny' });
  const denied = await h.serverState('fx', (state) => state.status === 'untrusted');
  assert.equal(spawnCount(spawns), 0, 'an untrusted launch was spawned');
  assert.equal(denied.trust?.trusted, false);
  await assert.rejects(h.host.servers.callTool('fx', 'echo', { text: 'x' }), { code: 'server_unavailable' });

  await h.host.call('servers.trust', { server: 'fx' });
  h.host.consent.answer((await h.nextRequest('server-trust')).id, { decision: 'trust' });
  await h.serverState('fx', (state) => state.status === 'connected');
  assert.equal(spawnCount(spawns), 1);

  // Same command and arguments, one env value changed: that is a different launch.
  const newValue = { ...entry, env: { REGION: 'us-east' } };
  const waiting = (await h.host.call('servers.update', { name: 'fx', config: newValue })) as { status: string };
  assert.equal(waiting.status, 'awaiting-trust');
  const again = await h.nextRequest('server-trust');
  assert.equal(again.payload.changed, true);
  assert.equal(again.payload.fingerprint, launchFingerprint(newValue));
  assert.ok(!JSON.stringify(again).includes('us-east'), 'the env value is not shown to the window');
  h.host.consent.answer(again.id, { decision: 'deny' });
  await h.serverState('fx', (state) => state.status === 'untrusted');
  assert.equal(spawnCount(spawns), 1, 'the changed launch ran before anyone trusted it');

  // An argument changed, asked about again, and trusted: only then does it run.
  const newArgs = { ...newValue, args: [...newValue.args, '--name', 'edited'] };
  await h.host.call('servers.update', { name: 'fx', config: newArgs });
  const third = await h.nextRequest('server-trust');
  assert.equal(third.payload.changed, true);
  assert.equal(spawnCount(spawns), 1);
  h.host.consent.answer(third.id, { decision: 'trust' });
  const connected = await h.serverState('fx', (state) => state.status === 'connected');
  assert.equal(connected.serverInfo?.name, 'edited');
  assert.equal(spawnCount(spawns), 2);
});
