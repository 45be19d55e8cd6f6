import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SecretStore } from '../store/secrets.ts';
import { SecretValues } from './secret-values.ts';

test('every secret the host holds: stored values, OAuth token fields, env and header values written in mcp.json', (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-secret-values-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = new SecretStore(dataDir);
  store.set('provider:anthropic', 'sk-ant-stored-1234');
  store.set('mcp-oauth:remote', JSON.stringify({ url: 'https://example.com/mcp', tokens: { access_token: 'at-9f8e7d6c', refresh_token: 'rt-1a2b3c4d', token_type: 'Bearer' } }));
  let written: unknown = { local: { command: 'x', env: { HOME_DIR: '/home/ann', REF: '${input:key}' } }, web: { url: 'https://x', headers: { Authorization: 'Bearer hdr-5e6f7a8b' } } };
  const values = new SecretValues(store, () => written);
  const found = values.list();
  for (const secret of ['sk-ant-stored-1234', 'at-9f8e7d6c', 'rt-1a2b3c4d', 'Bearer hdr-5e6f7a8b', 'hdr-5e6f7a8b', '/home/ann']) assert.ok(found.includes(secret), secret);
  // The server's address and a reference to an input are no secrets; short values are not searched for.
  for (const plain of ['https://example.com/mcp', '${input:key}', 'Bearer']) assert.ok(!found.includes(plain), plain);
  for (let i = 1; i < found.length; i++) assert.ok(found[i - 1].length >= found[i].length, 'longest first');

  // A new key or an edited config is seen at once.
  store.set('input:token', 'typed-input-value');
  written = { local: { env: { NEW_KEY: 'new-env-value-1' } } };
  assert.ok(values.list().includes('typed-input-value'));
  assert.ok(values.list().includes('new-env-value-1'));
  assert.ok(!values.list().includes('/home/ann'));
});
