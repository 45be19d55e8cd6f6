import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InputState } from '../../../../shared/servers/config-inputs.ts';
import { fixtureStdio } from '../../../../tests/fixtures/servers/launch.ts';
import { Host } from '../../host.ts';
import type { ParsedConfigFile } from '../../../../shared/servers/server-config.ts';
import { resolveVariables } from './resolve-variables.ts';

test('variables expand in command, args, env, url and headers; each failure is precise and stays with its entry', () => {
  const config: ParsedConfigFile = {
    raw: {},
    inputs: [{ id: 'token', password: true }, { id: 'region' }],
    entries: [
      { name: 'local', ok: true, config: { command: '${userHome}/bin/x', args: ['--region', '${input:region}', '${env:SB_TEST_A}'], env: { TOKEN: '${input:token}' } } },
      { name: 'remote', ok: true, config: { type: 'http' as const, url: 'https://${env:SB_TEST_A}.example.com/mcp', headers: { Authorization: 'Bearer ${input:token}' } } },
      { name: 'no-env', ok: true, config: { command: 'x', args: ['${env:SB_TEST_MISSING}'] } },
      { name: 'no-value', ok: true, config: { command: 'x', env: { K: '${input:unset}' } } },
      { name: 'shown-password', ok: true, config: { command: 'x', args: ['--token=${input:token}'] } },
      { name: 'unknown', ok: true, config: { command: 'x', args: ['${workspaceFolder}'] } },
    ],
  };
  const values: Record<string, string> = { token: 's3cret', region: 'eu' };
  const resolved = resolveVariables(
    { ...config, inputs: [...(config.inputs ?? []), { id: 'unset' }] },
    { env: { SB_TEST_A: 'alpha' }, userHome: '/home/ada', inputValue: (id) => values[id] },
  );
  const byName = Object.fromEntries(resolved.entries.map((entry) => [entry.name, entry]));
  assert.deepEqual(byName.local, { name: 'local', ok: true, config: { command: '/home/ada/bin/x', args: ['--region', 'eu', 'alpha'], env: { TOKEN: 's3cret' } } });
  assert.deepEqual(byName.remote, { name: 'remote', ok: true, config: { type: 'http', url: 'https://alpha.example.com/mcp', headers: { Authorization: 'Bearer s3cret' } } });
  assert.deepEqual(byName['no-env'], { name: 'no-env', ok: false, error: "mcpServers.no-env.args[0]: ${env:SB_TEST_MISSING} is not set in Switchboard's environment" });
  assert.deepEqual(byName['no-value'], { name: 'no-value', ok: false, error: 'mcpServers.no-value.env.K: ${input:unset} has no value yet; enter it with "Enter values" on the server' });
  assert.match((byName['shown-password'] as { error: string }).error, /^mcpServers\.shown-password\.args\[0\]: \$\{input:token\} is a password input; use it in "env" or "headers"/);
  assert.match((byName.unknown as { error: string }).error, /^mcpServers\.unknown\.args\[0\]: \$\{workspaceFolder\} is not a variable Switchboard expands/);
});

test('an input asked once: the server waits with a precise error, the value goes to the secret store, the server starts with it', { timeout: 60_000 }, async (t) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-inputs-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const configPath = path.join(root, 'mcp.json');
  const fixture = fixtureStdio('modern');
  process.env.SB_TEST_FIXTURE_NAME = 'named-from-env';
  t.after(() => delete process.env.SB_TEST_FIXTURE_NAME);
  writeFileSync(
    configPath,
    JSON.stringify({
      inputs: [{ type: 'promptString', id: 'api-key', description: 'The API key', password: true }],
      mcpServers: {
        keyed: { command: fixture.command, args: [...fixture.args, '--name', '${env:SB_TEST_FIXTURE_NAME}', '--instructions', 'home is ${userHome}'], env: { API_KEY: '${input:api-key}' } },
        plain: fixture,
      },
    }),
  );
  const host = await Host.start({ dataDir: path.join(root, 'data'), configPath, serverTrust: 'config-is-consent' });
  t.after(() => host.close());
  await host.servers.settled(30_000);

  const waiting = host.servers.get('keyed');
  assert.equal(waiting?.status, 'error');
  assert.equal(waiting?.reason, 'mcpServers.keyed.env.API_KEY: ${input:api-key} has no value yet; enter it with "Enter values" on the server');
  assert.equal(host.servers.get('plain')?.status, 'connected', 'the other server is not held up');
  assert.deepEqual(await host.call('servers.inputs', {}), [{ id: 'api-key', description: 'The API key', password: true, stored: false, usedBy: ['keyed'] }] satisfies InputState[]);

  const states = (await host.call('servers.setInputValues', { values: { 'api-key': 'k-123' } })) as InputState[];
  assert.equal(states[0].stored, true);
  assert.ok(!JSON.stringify(states).includes('k-123'), 'the value never comes back');
  await host.servers.settled(30_000);
  const started = host.servers.get('keyed');
  assert.equal(started?.status, 'connected', started?.reason);
  assert.equal(started?.serverInfo?.name, 'named-from-env');
  assert.equal(started?.instructions, `home is ${os.homedir()}`);
  const env = await host.servers.callTool('keyed', 'env', { name: 'API_KEY' });
  assert.match((env.result.content as { text: string }[])[0].text, new RegExp(createHash('sha256').update('k-123').digest('hex')));
  assert.ok(!readFileSync(configPath, 'utf8').includes('k-123'), 'mcp.json keeps the reference only');

  await assert.rejects(host.call('servers.setInputValues', { values: { nowhere: 'x' } }), /no server uses or defines the input "nowhere"/);
  await host.call('servers.defineInputs', { inputs: [{ id: 'region', description: 'Region' }, { id: 'api-key', description: 'changed?' }] });
  const file = JSON.parse(readFileSync(configPath, 'utf8')) as { inputs: unknown[] };
  assert.deepEqual(file.inputs, [
    { type: 'promptString', id: 'api-key', description: 'The API key', password: true },
    { type: 'promptString', id: 'region', description: 'Region' },
  ]);
});

test('a value kept in the secret store is used as it is, even when it looks like a variable', { timeout: 60_000 }, async (t) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-inputs-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const configPath = path.join(root, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: {} }));
  const host = await Host.start({ dataDir: path.join(root, 'data'), configPath, serverTrust: 'config-is-consent' });
  t.after(() => host.close());
  await host.call('servers.add', { name: 'typed', config: { ...fixtureStdio('modern'), env: { PASSWORD: 'pa${ss}word' } } });
  await host.servers.settled(30_000);
  assert.equal(host.servers.get('typed')?.status, 'connected', host.servers.get('typed')?.reason);
  const env = await host.servers.callTool('typed', 'env', { name: 'PASSWORD' });
  assert.match((env.result.content as { text: string }[])[0].text, new RegExp(createHash('sha256').update('pa${ss}word').digest('hex')));
});
