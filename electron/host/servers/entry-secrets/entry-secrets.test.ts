import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfigText } from '../../../../shared/servers/server-config.ts';
import { secretRef, secretRefId } from '../../../../shared/servers/secret-ref.ts';
import { STORED_VALUE, WRITTEN_VALUE } from '../../../../shared/servers/stored-values.ts';
import { SecretStore } from '../../store/secrets.ts';
import { EntrySecrets, FROM_SECRET_STORE, referencedIds } from './entry-secrets.ts';

function store(t: { after(fn: () => void): void }): SecretStore {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-entry-secrets-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return new SecretStore(dir);
}

test('values sent anew are stored and replaced by references; kept and hand-written values stay as they are', (t) => {
  const secrets = store(t);
  const entries = new EntrySecrets(secrets);
  const incoming = { command: 'x', env: { NEW: 'typed-1', KEPT: STORED_VALUE, HAND: WRITTEN_VALUE } };
  const kept = { command: 'x', env: { NEW: 'typed-1', KEPT: secretRef('existing0001'), HAND: 'hand-written' } };
  const { entry, created } = entries.storeEntered(incoming, kept);
  const env = (entry as { env: Record<string, string> }).env;
  assert.equal(created.length, 1);
  assert.equal(secretRefId(env.NEW), created[0]);
  assert.equal(env.KEPT, secretRef('existing0001'));
  assert.equal(env.HAND, 'hand-written');
  assert.equal(secrets.get(`server-value:${created[0]}`), 'typed-1');
  assert.ok(!readFileSync(secrets.filePath, 'utf8').includes('hand-written'));
});

test('resolving swaps references for values, says which came from the store, and names a missing one', (t) => {
  const secrets = store(t);
  const entries = new EntrySecrets(secrets);
  const { entry } = entries.storeEntered({ url: 'https://e.example/mcp', headers: { Authorization: 'Bearer t' } }, { url: 'https://e.example/mcp', headers: { Authorization: 'Bearer t' } });
  const text = JSON.stringify({
    mcpServers: {
      web: { ...(entry as object), headers: { ...(entry as { headers: object }).headers, 'X-Team': 'blue' } },
      gone: { command: 'x', env: { TOKEN: secretRef('missing00001') } },
      forged: { command: 'x', env: { A: 'plain' }, [FROM_SECRET_STORE]: ['A'] },
    },
  });
  const resolved = entries.resolve(parseConfigText(text));
  const [web, gone, forged] = resolved.entries;
  assert.ok(web.ok && !('command' in web.config));
  assert.deepEqual(web.config.headers, { Authorization: 'Bearer t', 'X-Team': 'blue' });
  assert.deepEqual(web.config[FROM_SECRET_STORE], ['Authorization']);
  assert.ok(!gone.ok);
  assert.match(gone.error, /^mcpServers\.gone\.env\.TOKEN: its value is not in this computer's secret store/);
  assert.ok(forged.ok);
  assert.deepEqual(forged.config[FROM_SECRET_STORE], [], 'a list written into the file is never believed');
  assert.ok(text.includes('switchboard-secret') && !text.includes('Bearer t'), 'the file text holds the reference only');
});

test('forgetUnused drops only values no entry refers to any more', (t) => {
  const secrets = store(t);
  const entries = new EntrySecrets(secrets);
  const a = entries.storeEntered({ env: { A: 'a' } }, { env: { A: 'a' } });
  const b = entries.storeEntered({ env: { B: 'b' } }, { env: { B: 'b' } });
  const servers = { one: a.entry, two: b.entry };
  assert.deepEqual([...referencedIds(servers)].sort(), [...a.created, ...b.created].sort());
  entries.forgetUnused([...a.created, ...b.created], { two: b.entry });
  assert.equal(secrets.get(`server-value:${a.created[0]}`), undefined);
  assert.equal(secrets.get(`server-value:${b.created[0]}`), 'b');
});
