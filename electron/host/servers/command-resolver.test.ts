import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveCommand } from './command-resolver.ts';
import type { FileProbe } from './command-resolver.ts';

const skipOnWindows = process.platform === 'win32' ? 'POSIX permissions' : false;

function tempTree(t: { after: (fn: () => void) => void }): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-resolve-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

test('finds a command in the first PATH directory that holds an executable of that name', { skip: skipOnWindows }, (t) => {
  const root = tempTree(t);
  const first = path.join(root, 'first');
  const second = path.join(root, 'second');
  mkdirSync(first);
  mkdirSync(second);
  writeFileSync(path.join(first, 'tool'), '#!/bin/sh\n', { mode: 0o644 });
  writeFileSync(path.join(second, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
  const result = resolveCommand('tool', { pathValue: `${first}:${second}`, cwd: root });
  assert.deepEqual(result, { ok: true, file: path.join(second, 'tool') });
});

test('a command that is nowhere names itself and every directory searched', (t) => {
  const root = tempTree(t);
  const result = resolveCommand('no-such-mcp-server', { pathValue: `${root}/a:${root}/b`, cwd: root, platform: 'linux' });
  assert.equal(result.ok, false);
  assert.equal(
    !result.ok && result.error,
    `command "no-such-mcp-server" was not found in PATH; searched: ${root}/a, ${root}/b`,
  );
});

test('a file without execute permission is reported as such', { skip: skipOnWindows }, (t) => {
  const root = tempTree(t);
  writeFileSync(path.join(root, 'server.sh'), '#!/bin/sh\n', { mode: 0o644 });
  chmodSync(path.join(root, 'server.sh'), 0o644);
  const viaPath = resolveCommand('server.sh', { pathValue: root, cwd: root });
  assert.equal(!viaPath.ok && viaPath.error, `command "server.sh" was found at ${path.join(root, 'server.sh')} but is not executable`);
  const relative = resolveCommand('./server.sh', { pathValue: '', cwd: root });
  assert.match(!relative.ok ? relative.error : '', /is not executable/);
});

test('a relative path is taken from the server cwd, and a directory is not a program', { skip: skipOnWindows }, (t) => {
  const root = tempTree(t);
  mkdirSync(path.join(root, 'bin'));
  writeFileSync(path.join(root, 'bin', 'serve'), '#!/bin/sh\n', { mode: 0o755 });
  assert.deepEqual(resolveCommand('bin/serve', { pathValue: '', cwd: root }), { ok: true, file: path.join(root, 'bin', 'serve') });
  const directory = resolveCommand('./bin', { pathValue: '', cwd: root });
  assert.match(!directory.ok ? directory.error : '', /is a directory/);
  const missing = resolveCommand('./gone', { pathValue: '', cwd: root });
  assert.equal(!missing.ok && missing.error, `command "./gone" was not found: ${path.join(root, 'gone')} does not exist`);
});

/** A Windows file system, as far as the resolver looks at it, with case-insensitive names. */
function windowsProbe(files: string[]): FileProbe {
  const known = new Set(files.map((file) => file.toLowerCase()));
  return {
    kind: (file) => (known.has(file.toLowerCase()) ? 'file' : undefined),
    isExecutable: () => true,
  };
}

test('on Windows, npx resolves to its .cmd shim through PATHEXT', () => {
  const probe = windowsProbe(['C:\\Program Files\\nodejs\\npx.cmd', 'C:\\Program Files\\nodejs\\node.exe']);
  const options = { pathValue: 'C:\\Windows\\system32;C:\\Program Files\\nodejs', cwd: 'C:\\Users\\me', platform: 'win32' as const, pathExt: '.COM;.EXE;.BAT;.CMD', probe };
  assert.deepEqual(resolveCommand('npx', options), { ok: true, file: 'C:\\Program Files\\nodejs\\npx.cmd' });
  assert.deepEqual(resolveCommand('node', options), { ok: true, file: 'C:\\Program Files\\nodejs\\node.exe' });
  assert.deepEqual(resolveCommand('npx.cmd', options), { ok: true, file: 'C:\\Program Files\\nodejs\\npx.cmd' });
  const missing = resolveCommand('uvx', options);
  assert.equal(
    !missing.ok && missing.error,
    'command "uvx" was not found in PATH with extensions .com, .exe, .bat, .cmd; searched: C:\\Windows\\system32, C:\\Program Files\\nodejs',
  );
});
