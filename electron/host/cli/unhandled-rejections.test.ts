import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const guard = fileURLToPath(new URL('./unhandled-rejections.ts', import.meta.url));

/** A child process, so a rejection nobody handles can do there what it would do to `serve`. */
function run(withGuard: boolean) {
  const script = `
    ${withGuard ? `const { reportUnhandledRejections } = await import(${JSON.stringify(guard)});
    reportUnhandledRejections((text) => process.stderr.write(text));` : ''}
    Promise.reject(new Error('database or disk is full'));
    setTimeout(() => process.stdout.write('still running\\n'), 50);
  `;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

test('an unhandled rejection is reported in one clear line and the process goes on', () => {
  const guarded = run(true);
  assert.equal(guarded.status, 0);
  assert.equal(guarded.stdout, 'still running\n');
  assert.equal(guarded.stderr, 'switchboard: internal error (a failure nothing handled, please report it): database or disk is full\n');

  const bare = run(false);
  assert.notEqual(bare.status, 0, 'without the guard Node ends the process');
  assert.equal(bare.stdout, '');
});
