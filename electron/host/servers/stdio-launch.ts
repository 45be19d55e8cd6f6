import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import type { StdioServerConfig } from '../../../shared/servers/server-config.ts';
import { resolveCommand } from './command-resolver.ts';
import { buildStdioEnvironment } from './stdio-environment.ts';
import { MAX_STDIO_MESSAGE_BYTES } from './stdout-watch.ts';

export class LaunchError extends Error {
  /** Not found on the PATH: a fresher login shell PATH may find it. */
  readonly commandNotFound: boolean;
  constructor(message: string, commandNotFound = false) {
    super(message);
    this.name = 'LaunchError';
    this.commandNotFound = commandNotFound;
  }
}

/**
 * Everything the SDK's stdio transport needs, checked before anything is spawned so that a bad entry fails with
 * a message that says what to fix. The command is handed over as the resolved file: on Windows the SDK spawns
 * through cross-spawn, which runs a resolved `.cmd`/`.bat` shim (npx, uvx) via `cmd.exe /d /s /c` with
 * batch-safe quoting, and on POSIX nothing goes through a shell.
 */
export function prepareStdioLaunch(config: StdioServerConfig, loginShellPath: string | undefined): StdioServerParameters {
  const cwd = config.cwd === undefined ? undefined : expandHome(config.cwd);
  if (cwd !== undefined) {
    let isDirectory = false;
    try {
      isDirectory = statSync(cwd).isDirectory();
    } catch {
      throw new LaunchError(`cwd "${config.cwd}" does not exist`);
    }
    if (!isDirectory) throw new LaunchError(`cwd "${config.cwd}" is not a directory`);
  }
  const env = buildStdioEnvironment(getDefaultEnvironment(), loginShellPath, config.env, path.delimiter);
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const resolved = resolveCommand(config.command, {
    pathValue: env[pathKey],
    cwd: cwd ?? process.cwd(),
    pathExt: env.PATHEXT ?? process.env.PATHEXT,
  });
  if (!resolved.ok) throw new LaunchError(resolved.error, resolved.missing === true);
  return { command: resolved.file, args: config.args ?? [], env, cwd, stderr: 'pipe', maxBufferSize: MAX_STDIO_MESSAGE_BYTES };
}

function expandHome(value: string): string {
  if (value === '~') return os.homedir();
  if (value.startsWith('~/') || value.startsWith('~\\')) return path.join(os.homedir(), value.slice(2));
  return path.resolve(value);
}
