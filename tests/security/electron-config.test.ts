/**
 * Issue #7, item 7: the Electron build and the secret storage decision. No Electron binary runs here, so these
 * read what electron-builder is given and call the function electron/main/index.ts decides with.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import config from '../../build/electron-builder.config.ts';
import { chooseSecretCipher } from '../../electron/main/secret-cipher-choice.ts';

test('the packaged app has its fuses set: no Node, NODE_OPTIONS or inspector; encrypted cookies; only the checked asar', () => {
  const fuses = config.electronFuses;
  assert.ok(fuses, 'electronFuses is set');
  assert.equal(fuses.runAsNode, false);
  assert.equal(fuses.enableNodeOptionsEnvironmentVariable, false);
  assert.equal(fuses.enableNodeCliInspectArguments, false);
  assert.equal(fuses.enableCookieEncryption, true);
  assert.equal(fuses.enableEmbeddedAsarIntegrityValidation, true);
  assert.equal(fuses.onlyLoadAppFromAsar, true);
  assert.equal(config.asar, true, 'the asar that the last two fuses check is built');
});

test('Linux safeStorage with the basic_text backend is not used as protection, and the person is told', () => {
  const choice = chooseSecretCipher('linux', true, 'basic_text');
  assert.equal(choice.use, 'file');
  assert.match(choice.use === 'file' ? choice.message : '', /basic_text.*no protection.*owner-only file/);
  assert.deepEqual(chooseSecretCipher('linux', true, 'gnome_libsecret'), { use: 'os' });
});
