import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseSecretCipher } from './secret-cipher-choice.ts';

test('macOS and Windows use safeStorage when it is available', () => {
  assert.deepEqual(chooseSecretCipher('darwin', true), { use: 'os' });
  assert.deepEqual(chooseSecretCipher('win32', true), { use: 'os' });
});

test('on Linux only a real keyring counts; basic_text and unknown fall back to the owner-only file, saying so', () => {
  for (const backend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']) assert.deepEqual(chooseSecretCipher('linux', true, backend), { use: 'os' });
  for (const backend of ['basic_text', 'unknown', undefined]) {
    const choice = chooseSecretCipher('linux', true, backend);
    assert.equal(choice.use, 'file');
    assert.match(choice.use === 'file' ? choice.message : '', /owner-only file .*not encrypted.*keyring/i);
  }
});

test('no encryption at all is said plainly', () => {
  const choice = chooseSecretCipher('linux', false, 'gnome_libsecret');
  assert.equal(choice.use, 'file');
});
