import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SecretStore } from './secrets.ts';
import type { SecretCipher } from './secrets.ts';

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-secrets-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('without a cipher the file is created owner-only and put back to 0600 on every write', { skip: process.platform === 'win32' }, (t) => {
  const dir = tempDir(t);
  const store = new SecretStore(dir);
  assert.equal(store.get('k'), undefined);
  store.set('k', 'sk-secret-1');
  assert.equal(statSync(store.filePath).mode & 0o777, 0o600);
  chmodSync(store.filePath, 0o644);
  store.set('other', 'x');
  assert.equal(statSync(store.filePath).mode & 0o777, 0o600);
  assert.equal(new SecretStore(dir).get('k'), 'sk-secret-1');
  store.delete('k');
  assert.equal(store.has('k'), false);
  assert.equal(store.get('other'), 'x');
});

test('with a cipher only ciphertext reaches the disk; without it those entries are kept, not lost', (t) => {
  const dir = tempDir(t);
  const cipher: SecretCipher = {
    encrypt: (plain) => Buffer.from([...Buffer.from(plain)].map((byte) => byte ^ 0x5a)),
    decrypt: (data) => Buffer.from([...data].map((byte) => byte ^ 0x5a)).toString(),
  };
  const store = new SecretStore(dir, cipher);
  store.set('k', 'sk-secret-2');
  assert.doesNotMatch(readFileSync(store.filePath, 'utf8'), /sk-secret-2/);
  assert.equal(store.get('k'), 'sk-secret-2');

  const plainMode = new SecretStore(dir);
  assert.equal(plainMode.get('k'), undefined);
  plainMode.set('other', 'v');
  assert.equal(new SecretStore(dir, cipher).get('k'), 'sk-secret-2');
});

test('a broken file is reported without quoting its contents', (t) => {
  const dir = tempDir(t);
  const store = new SecretStore(dir);
  store.set('k', 'x');
  const broken = '{"secrets": {"k": {"enc":"plain","value":"sk-leak"}';
  writeFileSync(store.filePath, broken);
  assert.throws(() => store.get('k'), (error: Error) => !error.message.includes('sk-leak') && /not valid JSON/.test(error.message));
});
