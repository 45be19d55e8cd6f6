import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * On Windows, `npx`/`uvx` are `.cmd` shims that CreateProcess cannot run. The host resolves the command
 * through PATHEXT (see command-resolver.test.ts) and hands the resolved path to the SDK's stdio transport,
 * which spawns through the cross-spawn copy it depends on. This pins what that copy does with such a path, so
 * a dependency change that loses the cmd.exe wrapping or its batch-safe quoting fails here, on any OS.
 */
test('a resolved .cmd shim runs through cmd.exe /d /s /c with batch-safe quoting, never a raw shell line', { timeout: 30_000 }, () => {
  const sdkRequire = createRequire(import.meta.resolve('@modelcontextprotocol/client/stdio'));
  const crossSpawn = sdkRequire.resolve('cross-spawn');
  const script = `
    Object.defineProperty(process, 'platform', { value: 'win32' });
    process.env.comspec = 'C:\\\\Windows\\\\system32\\\\cmd.exe';
    const { _parse } = require(${JSON.stringify(crossSpawn)});
    const parsed = _parse(process.argv[1], JSON.parse(process.argv[2]), { env: { PATH: '', PATHEXT: '.COM;.EXE;.BAT;.CMD' } });
    process.stdout.write(JSON.stringify({ command: parsed.command, args: parsed.args, verbatim: parsed.options.windowsVerbatimArguments }));
  `;
  const shim = 'C:\\Program Files\\nodejs\\npx.cmd';
  const args = ['-y', '@scope/server', 'two words', 'say "hi"', '100%', 'a&b|c'];
  const output = execFileSync(process.execPath, ['-e', script, shim, JSON.stringify(args)], { encoding: 'utf8', timeout: 20_000 });
  const parsed = JSON.parse(output) as { command: string; args: string[]; verbatim: boolean };
  assert.equal(parsed.command, 'C:\\Windows\\system32\\cmd.exe');
  assert.deepEqual(parsed.args.slice(0, -1), ['/d', '/e:on', '/v:off', '/s', '/c']);
  assert.equal(parsed.verbatim, true, 'Node must not quote the already-quoted line again');
  // Every piece double-quoted, inner quotes doubled, % defused: cmd.exe cannot split or expand anything.
  assert.equal(
    parsed.args.at(-1),
    '""C:\\Program Files\\nodejs\\npx.cmd" "-y" "@scope/server" "two words" "say ""hi""" "100%%cd:~,%" "a&b|c""',
  );
});
