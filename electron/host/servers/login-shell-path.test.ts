import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractBetweenMarkers, mergePathValues, readLoginShellPath } from './login-shell-path.ts';
import { buildStdioEnvironment } from './stdio-environment.ts';

const skipOnWindows = process.platform === 'win32' ? 'login shells are a POSIX thing' : false;

function fakeShell(t: { after: (fn: () => void) => void }, body: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-shell-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'fake-shell');
  writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

test('reads PATH from the login shell even when start-up files print banners', { skip: skipOnWindows }, async (t) => {
  // Called as `fake-shell -ilc <script>`, like a real login shell: the banner comes first, then the script runs.
  const shell = fakeShell(t, 'echo "Welcome back!"; PATH=/opt/login/bin:/usr/bin:/bin; export PATH; exec /bin/sh -c "$2"');
  assert.equal(await readLoginShellPath({ shell, timeoutMs: 10_000 }), '/opt/login/bin:/usr/bin:/bin');
});

test('gives up on a shell that never finishes, and kills it', { skip: skipOnWindows }, async (t) => {
  const shell = fakeShell(t, 'exec sleep 30');
  assert.equal(await readLoginShellPath({ shell, timeoutMs: 300 }), undefined);
});

test('a broken or missing shell yields nothing instead of an error', { skip: skipOnWindows }, async (t) => {
  assert.equal(await readLoginShellPath({ shell: '/nonexistent/shell', timeoutMs: 5_000 }), undefined);
  assert.equal(await readLoginShellPath({ shell: fakeShell(t, 'exit 3'), timeoutMs: 5_000 }), undefined);
  assert.equal(await readLoginShellPath({ shell: '/bin/sh', platform: 'win32' }), undefined);
});

test('markers are matched in order and empty values are ignored', () => {
  assert.equal(extractBetweenMarkers('noise B /x:/y E tail', 'B', 'E'), '/x:/y');
  assert.equal(extractBetweenMarkers('B\n\nE', 'B', 'E'), undefined);
  assert.equal(extractBetweenMarkers('E /x B', 'B', 'E'), undefined);
});

test('login PATH entries come first and duplicates are dropped', () => {
  assert.equal(mergePathValues('/opt/homebrew/bin:/usr/bin', '/usr/bin:/bin::/usr/bin', ':'), '/opt/homebrew/bin:/usr/bin:/bin');
  assert.equal(mergePathValues(undefined, '/usr/bin', ':'), '/usr/bin');
});

test('the stdio environment is the safe default plus merged PATH plus the entry env, which wins', () => {
  const env = buildStdioEnvironment(
    { HOME: '/home/me', PATH: '/usr/bin:/bin' },
    '/home/me/.nvm/bin:/usr/bin',
    { API_TOKEN: 'x', HOME: '/tmp/home' },
    ':',
  );
  assert.deepEqual(env, { HOME: '/tmp/home', PATH: '/home/me/.nvm/bin:/usr/bin:/bin', API_TOKEN: 'x' });
  assert.equal(buildStdioEnvironment({ PATH: '/a' }, undefined, { PATH: '/mine' }, ':').PATH, '/mine');
});
