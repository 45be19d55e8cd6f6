/**
 * Issue #7, item 4: secrets that say they are secret. What is on disk is owner-only, a value typed in the app
 * never lands in mcp.json, a broken mcp.json is described without quoting it, and addresses in errors and
 * logs lose their query strings and user:password.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Host } from '../../electron/host/host.ts';
import type { ServerTrustPayload } from '../../shared/consent/consent-types.ts';
import { STORED_VALUE, WRITTEN_VALUE } from '../../shared/servers/stored-values.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';

const posix = process.platform !== 'win32';

function tempRoot(t: { after(fn: () => void): void }): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sb-secrets-at-rest-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

function modeOf(file: string): number {
  return statSync(file).mode & 0o777;
}

function octal(mode: number): string {
  return `0${mode.toString(8)}`;
}

async function startHost(t: { after(fn: () => Promise<void> | void): void }, dataDir: string, options: Partial<Parameters<typeof Host.start>[0]> = {}): Promise<Host> {
  const host = await Host.start({ dataDir, serverTrust: 'config-is-consent', ...options });
  t.after(() => host.close());
  return host;
}

test('the data folder is 0700 and every file in it 0600: database, its -wal and -shm, secrets, mcp.json', { skip: !posix }, async (t) => {
  const dataDir = path.join(tempRoot(t), 'data');
  const previous = process.umask(0o022);
  t.after(() => process.umask(previous));
  const host = await startHost(t, dataDir);
  await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: 'sk-ant-mode-test' });
  await host.call('servers.add', { name: 'off', config: { command: 'node', env: { TOKEN: 'typed-token' }, disabled: true } });

  assert.equal(octal(modeOf(dataDir)), '0700', 'data folder');
  for (const name of ['switchboard.db', 'switchboard.db-wal', 'switchboard.db-shm', 'secrets.json', 'mcp.json']) {
    assert.equal(octal(modeOf(path.join(dataDir, name))), '0600', name);
  }
});

test('a data folder made by an older version (0755, files 0644) is made private at start', { skip: !posix }, async (t) => {
  const dataDir = path.join(tempRoot(t), 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  const first = await Host.start({ dataDir, serverTrust: 'config-is-consent', autoStart: false });
  await first.close();
  const files = ['switchboard.db', 'mcp.json', 'notes.log'];
  writeFileSync(path.join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { a: { command: 'node', env: { K: 'hand-written' } } } }));
  writeFileSync(path.join(dataDir, 'notes.log'), 'log line\n');
  for (const name of files) chmodSync(path.join(dataDir, name), 0o644);
  chmodSync(dataDir, 0o755);

  await startHost(t, dataDir, { autoStart: false });
  assert.equal(octal(modeOf(dataDir)), '0700');
  for (const name of files) assert.equal(octal(modeOf(path.join(dataDir, name))), '0600', name);
});

test('an env value typed in the app goes to the secret store: mcp.json holds a reference, the server still gets the value', { timeout: 60_000 }, async (t) => {
  const dataDir = path.join(tempRoot(t), 'data');
  const host = await startHost(t, dataDir);
  const typed = 'sk-typed-in-the-form-5d1e9b';
  const handWritten = 'hand-written-value-0a77c2';
  const state = await host.call('servers.add', {
    name: 'fx',
    config: { ...fixtureStdio('modern'), env: { FIXTURE_SECRET: typed } },
  });
  assert.equal((state as { status: string }).status, 'connected', (state as { reason?: string }).reason);

  const fileText = readFileSync(path.join(dataDir, 'mcp.json'), 'utf8');
  assert.ok(!fileText.includes(typed), 'the typed value is not in mcp.json');
  const written = JSON.parse(fileText).mcpServers.fx.env.FIXTURE_SECRET as string;
  assert.match(written, /^\$\{switchboard-secret:[A-Za-z0-9_-]+\}$/, 'another program sees an obvious placeholder');
  if (posix) assert.equal(octal(modeOf(path.join(dataDir, 'mcp.json'))), '0600');

  const echoed = await host.call('tools.call', { server: 'fx', tool: 'env', arguments: { name: 'FIXTURE_SECRET' } });
  const sha256 = createHash('sha256').update(typed).digest('hex');
  assert.match(JSON.stringify(echoed), new RegExp(`FIXTURE_SECRET is set: ${typed.length} characters, sha256 ${sha256}`));

  // The form learns where each value is: the typed one in secret storage, one written by hand in the file.
  const file = JSON.parse(readFileSync(path.join(dataDir, 'mcp.json'), 'utf8'));
  file.mcpServers.fx.env.HAND = handWritten;
  writeFileSync(path.join(dataDir, 'mcp.json'), JSON.stringify(file, null, 2));
  const changed = new Promise<void>((resolve) => {
    const stop = host.on('servers.configChanged', (snapshot) => {
      if ((snapshot.entries.fx as { env?: Record<string, string> } | undefined)?.env?.HAND) {
        stop();
        resolve();
      }
    });
  });
  await changed;
  const snapshot = (await host.call('servers.config', {})) as { entries: Record<string, { env: Record<string, string> }> };
  assert.deepEqual(snapshot.entries.fx.env, { FIXTURE_SECRET: STORED_VALUE, HAND: WRITTEN_VALUE });
  await host.servers.settled(30_000);

  // Kept through an edit; the hand-written value stays where the person put it.
  await host.call('servers.update', { name: 'fx', config: { ...snapshot.entries.fx, args: [...fixtureStdio('modern').args, '--name', 'edited'] } });
  const after = JSON.parse(readFileSync(path.join(dataDir, 'mcp.json'), 'utf8')).mcpServers.fx.env;
  assert.equal(after.FIXTURE_SECRET, written);
  assert.equal(after.HAND, handWritten);
  const again = await host.call('tools.call', { server: 'fx', tool: 'env', arguments: { name: 'FIXTURE_SECRET' } });
  assert.match(JSON.stringify(again), new RegExp(`sha256 ${sha256}`));

  // Replacing the value stores the new one under a new reference and forgets the old one.
  await host.call('servers.update', { name: 'fx', config: { ...snapshot.entries.fx, env: { FIXTURE_SECRET: 'replaced-9c1', HAND: WRITTEN_VALUE } } });
  const replaced = JSON.parse(readFileSync(path.join(dataDir, 'mcp.json'), 'utf8')).mcpServers.fx.env;
  assert.notEqual(replaced.FIXTURE_SECRET, written);
  const secretsFile = readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');
  assert.ok(!secretsFile.includes(typed), 'the replaced value is forgotten');
  assert.ok(secretsFile.includes('replaced-9c1'));
});

test('the trust dialog says truly where each secret value is; a value moved to the store keeps the launch trusted', { timeout: 60_000 }, async (t) => {
  const dataDir = path.join(tempRoot(t), 'data');
  const host = await startHost(t, dataDir, { serverTrust: 'ask' });
  await host.call('servers.add', {
    name: 'fx',
    config: { ...fixtureStdio('modern'), env: { API_KEY: 'typed-api-key-77', PASSWORD: 'typed-password-88' } },
  });
  const file = JSON.parse(readFileSync(path.join(dataDir, 'mcp.json'), 'utf8'));
  file.mcpServers.fx.env.PASSWORD = 'hand-written-password';
  // The first question came with the add; the edit of the file asks again about the changed launch.
  let asked = host.consent.open().filter((request) => request.kind === 'server-trust').length;
  const question = new Promise<ServerTrustPayload>((resolve) => {
    const stop = host.on('consent.opened', (request) => {
      if (request.kind !== 'server-trust' || ++asked < 2) return;
      stop();
      resolve(request.payload as ServerTrustPayload);
    });
  });
  writeFileSync(path.join(dataDir, 'mcp.json'), JSON.stringify(file, null, 2));
  const payload = await question;
  const explanation = payload.review.risks.find((risk) => risk.code === 'secret-env')?.explanation ?? '';
  assert.match(explanation, /API_KEY is kept in Switchboard's secret storage/);
  assert.match(explanation, /PASSWORD is written in mcp\.json as plain text/);
  assert.doesNotMatch(explanation, /PASSWORD is kept in/);

  // The fingerprint is over the values themselves: the same value moved from the file into the store is the same launch.
  const plainPrint = (await host.call('servers.list', {}) as { name: string; trust?: { fingerprint: string } }[]).find((s) => s.name === 'fx')?.trust?.fingerprint;
  const snapshot = (await host.call('servers.config', {})) as { entries: Record<string, { env: Record<string, string> }> };
  await host.call('servers.update', { name: 'fx', config: { ...snapshot.entries.fx, env: { API_KEY: STORED_VALUE, PASSWORD: 'hand-written-password' } } });
  assert.ok(!readFileSync(path.join(dataDir, 'mcp.json'), 'utf8').includes('hand-written-password'));
  const storedPrint = (await host.call('servers.list', {}) as { name: string; trust?: { fingerprint: string } }[]).find((s) => s.name === 'fx')?.trust?.fingerprint;
  assert.ok(plainPrint && storedPrint);
  assert.equal(storedPrint, plainPrint);
});

test('a broken mcp.json is reported by line and column, never by quoting it', async (t) => {
  const dataDir = path.join(tempRoot(t), 'data');
  mkdirSync(dataDir);
  const secret = 'sk-live-UNQUOTED-4f2a';
  writeFileSync(path.join(dataDir, 'mcp.json'), `{\n  "mcpServers": {\n    "x": { "command": "y", "env": { "TOKEN": ${secret} } }\n  }\n}\n`);
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on('warning', onWarning);
  t.after(() => process.off('warning', onWarning));
  const host = await startHost(t, dataDir);
  const snapshot = (await host.call('servers.config', {})) as { fileError?: string };
  assert.match(snapshot.fileError ?? '', /line 3, column 46/);
  await new Promise((resolve) => setImmediate(resolve));
  for (const text of [snapshot.fileError ?? '', ...warnings]) {
    assert.ok(!text.includes('sk-live') && !text.includes('UNQUOTED'), `quotes the file: ${text}`);
  }
});

test('connect errors and logs never show a query string or user:password of the address', { timeout: 60_000 }, async (t) => {
  const dataDir = path.join(tempRoot(t), 'data');
  const host = await startHost(t, dataDir);
  const seen: string[] = [];
  host.on('servers.log', (entry) => seen.push(entry.text));
  host.on('servers.changed', (states) => seen.push(...states.map((state) => state.reason ?? '')));
  await host.call('servers.add', { name: 'query', config: { url: 'http://127.0.0.1:1/mcp?api_key=SECRET-QUERY-1' } });
  await host.call('servers.add', { name: 'userinfo', config: { url: 'http://alice:SECRET-PASS-2@127.0.0.1:1/mcp' } });
  await host.servers.settled(30_000);

  const states = (await host.call('servers.list', {})) as { name: string; status: string; reason?: string }[];
  for (const name of ['query', 'userinfo']) {
    const state = states.find((candidate) => candidate.name === name);
    assert.equal(state?.status, 'error');
    assert.match(state?.reason ?? '', /could not connect to http:\/\/127\.0\.0\.1:1\/mcp/);
    const logs = (await host.call('servers.logs', { server: name })) as { text: string }[];
    seen.push(...logs.map((entry) => entry.text));
  }
  // The launch summary keeps the address as configured (the trust review shows it exactly, with a warning);
  // what is redacted is every message about it.
  const failure = await host.call('servers.restart', { server: 'query' }).then((state) => (state as { reason?: string }).reason ?? '', (error: Error) => error.message);
  seen.push(failure);
  assert.ok(seen.some((text) => text.includes('could not connect')), 'the connect errors were seen');
  for (const text of seen) {
    assert.ok(!text.includes('SECRET-QUERY-1') && !text.includes('api_key'), `query string shown: ${text}`);
    assert.ok(!text.includes('SECRET-PASS-2') && !text.includes('alice'), `user:password shown: ${text}`);
  }
});
