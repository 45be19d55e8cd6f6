import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_ACCESS_FILE, loadBrowserAccess, saveBrowserAccess } from './browser-access.ts';

function dataDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-access-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('the token and port are kept owner-only and given back on the next start', async (t) => {
  const dir = dataDir(t);
  const first = await loadBrowserAccess(dir);
  assert.match(first.access.token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(first.renewedBecause, undefined, 'a first start is no renewal worth a line');
  await saveBrowserAccess(dir, { token: first.access.token, port: 4711 });
  const file = path.join(dir, BROWSER_ACCESS_FILE);
  if (process.platform !== 'win32') assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.deepEqual((await loadBrowserAccess(dir)).access, { token: first.access.token, port: 4711 });
});

test('a kept token is dropped for a new one when others could read it, it is broken, or a new one is asked for', { skip: process.platform === 'win32' }, async (t) => {
  const dir = dataDir(t);
  const file = path.join(dir, BROWSER_ACCESS_FILE);
  const kept = 'k'.repeat(43);
  await saveBrowserAccess(dir, { token: kept, port: 4711 });

  chmodSync(file, 0o644);
  const exposed = await loadBrowserAccess(dir);
  assert.notEqual(exposed.access.token, kept);
  assert.match(exposed.renewedBecause ?? '', /readable by others/);
  assert.equal(exposed.access.port, undefined);

  chmodSync(file, 0o600);
  const renewed = await loadBrowserAccess(dir, { renew: true });
  assert.notEqual(renewed.access.token, kept);
  assert.match(renewed.renewedBecause ?? '', /--new-token/);

  for (const content of ['{ not json', JSON.stringify({ token: 'short' }), JSON.stringify({ token: `${'a'.repeat(40)} x` })]) {
    writeFileSync(file, content, { mode: 0o600 });
    const broken = await loadBrowserAccess(dir);
    assert.match(broken.access.token, /^[A-Za-z0-9_-]{43}$/);
    assert.ok(broken.renewedBecause, content);
    assert.ok(!(broken.renewedBecause ?? '').includes('short'), 'the file content is never quoted');
  }

  rmSync(file);
  const elsewhere = path.join(dir, 'elsewhere.json');
  writeFileSync(elsewhere, JSON.stringify({ token: kept }), { mode: 0o600 });
  symlinkSync(elsewhere, file);
  const linked = await loadBrowserAccess(dir);
  assert.notEqual(linked.access.token, kept);
  assert.match(linked.renewedBecause ?? '', /not a plain file/);
  await saveBrowserAccess(dir, linked.access);
  assert.equal(JSON.parse(readFileSync(elsewhere, 'utf8')).token, kept, 'saving replaces the link, not the file it points to');
});
