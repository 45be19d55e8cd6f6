/**
 * Issue #7, item 7: the Electron build and the secret storage decision. No Electron binary runs here, so these
 * read what electron-builder is given and call the function electron/main/index.ts decides with.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import config from '../../build/electron-builder.config.ts';
import { Host } from '../../electron/host/host.ts';
import type { AppSettings } from '../../shared/chat/settings-types.ts';
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

test('an API key stored under basic_text by an earlier version is kept: read once, moved to the owner-only file, and Settings says why it is not encrypted', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-basic-text-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  // Electron's basic_text encrypts with a key in its own source; any reversible cipher stands in for it here.
  const basicText = {
    encrypt: (plain: string) => Buffer.from([...Buffer.from(plain)].map((byte) => byte ^ 0x6b)),
    decrypt: (data: Uint8Array) => Buffer.from([...data].map((byte) => byte ^ 0x6b)).toString(),
  };
  const before = await Host.start({ dataDir, secretCipher: basicText, autoStart: false });
  await before.call('settings.setApiKey', { provider: 'anthropic', apiKey: 'sk-ant-kept' });
  await before.close();

  const choice = chooseSecretCipher('linux', true, 'basic_text');
  assert.equal(choice.use, 'file');
  const host = await Host.start({
    dataDir,
    secretFallback: { decrypt: basicText.decrypt, reason: choice.use === 'file' ? choice.message : '' },
    autoStart: false,
  });
  t.after(() => host.close());
  const settings = (await host.call('settings.get', {})) as AppSettings;
  assert.equal(settings.providers.anthropic.hasApiKey, true, 'the key written before is still there');
  assert.equal(settings.secretStorage.encrypted, false);
  assert.match(settings.secretStorage.note ?? '', /basic_text/);
  const file = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const stored = Object.values(file.secrets as Record<string, { enc: string }>);
  assert.ok(stored.length > 0 && stored.every((entry) => entry.enc === 'plain'), 'nothing is left marked as protected');
});
