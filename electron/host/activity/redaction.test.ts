import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ActivityEntry } from '../../../shared/activity/activity-types.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { Host } from '../host.ts';
import { isSecretKey, REDACTED, redactValue } from './redaction.ts';

test('values of secret-looking keys go whole, at any depth; counts of tokens and ordinary keys stay', () => {
  for (const key of ['password', 'PASSWD', 'client_secret', 'apiKey', 'x-api-key', 'Authorization', 'cookie', 'aws_credentials', 'private_key', 'accessToken', 'refresh_token', 'passphrase']) {
    assert.ok(isSecretKey(key), key);
  }
  for (const key of ['text', 'path', 'max_tokens', 'tokens', 'author', 'query']) assert.ok(!isSecretKey(key), key);
  assert.deepEqual(
    redactValue({ user: 'ann', password: 'hunter22', nested: { list: [{ Token: { a: 1 } }, 'plain'], max_tokens: 50 }, empty: { secret: '' } }, []),
    { user: 'ann', password: REDACTED, nested: { list: [{ Token: REDACTED }, 'plain'], max_tokens: 50 }, empty: { secret: '' } },
  );
});

test('a stored secret is cut out of any string, inside keys that look harmless, longest secret first', () => {
  const secrets = ['abcdef-long-secret', 'abcdef', 'xy'];
  assert.deepEqual(redactValue({ note: 'use abcdef-long-secret now', list: ['abcdef!', 'xy stays: too short to search'] }, secrets), {
    note: `use ${REDACTED} now`,
    list: [`${REDACTED}!`, 'xy stays: too short to search'],
  });
});

/** Every file of the data folder, as text: the database, its WAL, settings. */
function dataFolderText(dataDir: string): string {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('switchboard.db'))
    .map((name) => readFileSync(path.join(dataDir, name)).toString('latin1'))
    .join('\n');
}

test('secrets never reach the record: by key name, an API key from Settings and a server env value inside ordinary text', { timeout: 90_000 }, async (t) => {
  const apiKey = 'sk-ant-activity-key-7f3e91';
  const envSecret = 'env-value-4c2d7a19';
  const password = 'pw-hunter-0b5e';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-activity-redact-'));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: { ...fixtureStdio('modern'), env: { SERVICE_URL_PART: envSecret } } } }));
  const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
  t.after(async () => {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const [state] = await host.servers.settled(30_000);
  assert.equal(state.status, 'connected');
  await host.call('settings.setApiKey', { provider: 'anthropic', apiKey });
  const events: ActivityEntry[] = [];
  host.on('activity.recorded', (entry) => events.push(entry));

  await host.call('tools.call', { server: 'fx', tool: 'echo', arguments: { text: `key ${apiKey} and ${envSecret}`, password } });
  await host.call('tools.call', { server: 'fx', tool: 'no_such_tool', arguments: { text: apiKey } }).catch(() => undefined);

  const { entries } = (await host.call('activity.list', {})) as { entries: ActivityEntry[] };
  assert.equal(entries.length, 2);
  const echo = entries.find((entry) => entry.tool === 'echo')!;
  const detail = (await host.call('activity.get', { id: echo.id })) as { arguments: Record<string, unknown>; result: string };
  assert.deepEqual(detail.arguments, { text: `key ${REDACTED} and ${REDACTED}`, password: REDACTED });
  // The server echoed the text back: the stored result is redacted the same way.
  assert.match(detail.result, /key \[redacted\] and \[redacted\]/);
  const exported = (await host.call('activity.export', {})) as { jsonl: string };

  const everything = [JSON.stringify(entries), JSON.stringify(detail), exported.jsonl, JSON.stringify(events), dataFolderText(dataDir)].join('\n');
  for (const secret of [apiKey, envSecret, password]) assert.ok(!everything.includes(secret), `${secret} leaked`);
});
