import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { McpConfigFile } from './config-file.ts';
import type { ConfigReload } from './config-file.ts';

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-config-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function nextReload(reloads: ConfigReload[], count: number, timeoutMs = 5_000): Promise<ConfigReload> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = (): void => {
      if (reloads.length >= count) resolve(reloads[count - 1]);
      else if (Date.now() > deadline) reject(new Error(`expected reload #${count}, saw ${reloads.length}`));
      else setTimeout(poll, 20);
    };
    poll();
  });
}

test('bad entries are reported one by one while the rest of the file applies', async (t) => {
  const file = path.join(tempDir(t), 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { ok: { command: 'x' }, nope: { url: 'ftp://x' }, empty: {} } }));
  const config = new McpConfigFile(file, { onReload: () => {} });
  const reload = await config.load();
  assert.equal(reload.kind, 'applied');
  const entries = config.current().entries;
  assert.deepEqual(entries.map((entry) => entry.ok), [true, false, false]);
  assert.deepEqual(
    entries.map((entry) => (entry.ok ? undefined : entry.error)),
    [undefined, 'mcpServers.nope.url: url must be an http(s) URL', 'mcpServers.empty: needs "command" (a local server) or "url" (a remote one)'],
  );
  assert.deepEqual(config.snapshot(), { path: file, entries: { ok: { command: 'x' }, nope: { url: 'ftp://x' }, empty: {} } });
});

test('a symlinked mcp.json stays a symlink, and its target is made owner-only (it can hold tokens)', { skip: process.platform === 'win32' }, async (t) => {
  const dir = tempDir(t);
  const real = path.join(dir, 'dotfiles-mcp.json');
  const link = path.join(dir, 'mcp.json');
  writeFileSync(real, '{\n  "mcpServers": {}\n}\n');
  chmodSync(real, 0o640);
  symlinkSync(real, link);
  const config = new McpConfigFile(link, { onReload: () => {} });
  await config.load();
  await config.updateServers((servers) => ({ ...servers, added: { command: 'x' } }));
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(statSync(real).mode & 0o777, 0o600);
  assert.deepEqual(JSON.parse(readFileSync(real, 'utf8')), { mcpServers: { added: { command: 'x' } } });
  assert.deepEqual(readdirSync(dir).sort(), ['dotfiles-mcp.json', 'mcp.json'], 'no temporary file is left behind');
});

test('the watcher reports edits, a deliberately emptied file, and broken files', async (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { a: { command: 'x' } } }));
  const reloads: ConfigReload[] = [];
  const config = new McpConfigFile(file, { debounceMs: 30, onReload: (reload) => reloads.push(reload) });
  t.after(() => config.stopWatching());
  await config.load();
  config.startWatching();

  writeFileSync(file, JSON.stringify({ mcpServers: { a: { command: 'x' }, b: { command: 'y' } } }));
  const first = await nextReload(reloads, 1);
  assert.equal(first.kind, 'applied');
  assert.deepEqual(first.kind === 'applied' && Object.keys(first.config.raw), ['a', 'b']);

  // Looked at twice (editors truncate before writing), then taken as meant: no servers.
  writeFileSync(file, '');
  const second = await nextReload(reloads, 2);
  assert.deepEqual(second.kind === 'applied' && second.config.entries, []);

  writeFileSync(file, JSON.stringify({ mcpServers: { c: { command: 'z' } } }));
  await nextReload(reloads, 3);
  writeFileSync(file, '{ broken');
  const fourth = await nextReload(reloads, 4);
  assert.equal(fourth.kind, 'broken');
  assert.deepEqual(Object.keys(config.current().raw), ['c'], 'the last good configuration stays');
  assert.match(config.snapshot().fileError ?? '', /not valid JSON/);
});
