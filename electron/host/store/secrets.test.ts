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

test('a value written under a cipher that is no protection is read through the fallback once, then kept in the owner-only file', (t) => {
  const dir = tempDir(t);
  const basicText: SecretCipher = {
    encrypt: (plain) => Buffer.from([...Buffer.from(plain)].map((byte) => byte ^ 0x33)),
    decrypt: (data) => Buffer.from([...data].map((byte) => byte ^ 0x33)).toString(),
  };
  new SecretStore(dir, basicText).set('k', 'sk-secret-3');

  assert.equal(new SecretStore(dir).get('k'), undefined, 'without the fallback the value cannot be read');
  const store = new SecretStore(dir, undefined, { decrypt: basicText.decrypt, reason: 'no keyring' });
  assert.deepEqual(store.storage, { encrypted: false, note: 'no keyring' });
  assert.equal(store.get('k'), 'sk-secret-3');
  assert.deepEqual(JSON.parse(readFileSync(store.filePath, 'utf8')).secrets.k, { enc: 'plain', value: 'sk-secret-3' });
  assert.equal(new SecretStore(dir).get('k'), 'sk-secret-3');
});

test('a fallback whose decryption fails loses nothing: the stored entry stays as it was', (t) => {
  const dir = tempDir(t);
  const cipher: SecretCipher = { encrypt: (plain) => Buffer.from(plain), decrypt: (data) => Buffer.from(data).toString() };
  new SecretStore(dir, cipher).set('k', 'sk-secret-4');
  const broken = new SecretStore(dir, undefined, {
    decrypt: () => {
      throw new Error('no backend');
    },
    reason: 'no keyring',
  });
  assert.equal(broken.get('k'), undefined);
  assert.equal(new SecretStore(dir, cipher).get('k'), 'sk-secret-4');
});
