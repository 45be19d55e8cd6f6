import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export interface LoginShellPathOptions {
  shell?: string;
  timeoutMs?: number;
  platform?: NodeJS.Platform;
}

/**
 * The PATH a person's login shell sets up. Apps started from a dock or a desktop launcher do not inherit it, so
 * commands like `npx` or `uvx` (installed by nvm, Homebrew, asdf…) would not be found. Runs `$SHELL -ilc` once
 * and reads PATH between unique markers, because interactive shell start-up files often print banners.
 * Resolves undefined (never rejects) when there is no usable shell, it fails, or it takes too long.
 */
export function readLoginShellPath(options: LoginShellPathOptions = {}): Promise<string | undefined> {
  const platform = options.platform ?? process.platform;
  const shell = options.shell ?? process.env.SHELL;
  if (platform === 'win32' || !shell) return Promise.resolve(undefined);
  const timeoutMs = options.timeoutMs ?? 5_000;
  const nonce = randomBytes(8).toString('hex');
  const begin = `__switchboard_path_${nonce}_begin__`;
  const end = `__switchboard_path_${nonce}_end__`;
  // `printenv` is an external program, so the output is the exported PATH whichever shell (bash, zsh, fish) runs it.
  const script = `echo ${begin}; printenv PATH; echo ${end}`;

  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(shell, ['-ilc', script], { stdio: ['ignore', 'pipe', 'ignore'], env: process.env });
    } catch {
      resolve(undefined);
      return;
    }
    let output = '';
    let done = false;
    const finish = (value: string | undefined): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(extractBetweenMarkers(output, begin, end));
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.length > 1_000_000) child.kill('SIGKILL');
    });
    child.on('error', () => finish(undefined));
    child.on('close', () => finish(extractBetweenMarkers(output, begin, end)));
  });
}

export function extractBetweenMarkers(output: string, begin: string, end: string): string | undefined {
  const start = output.indexOf(begin);
  if (start === -1) return undefined;
  const stop = output.indexOf(end, start + begin.length);
  if (stop === -1) return undefined;
  const value = output.slice(start + begin.length, stop).trim();
  return value === '' ? undefined : value;
}

/** `first`'s entries, then `second`'s that are not already there: the order decides which `node` wins. */
export function mergePathValues(first: string | undefined, second: string | undefined, delimiter: string): string {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const value of [first, second]) {
    for (const entry of (value ?? '').split(delimiter)) {
      if (entry === '' || seen.has(entry)) continue;
      seen.add(entry);
      merged.push(entry);
    }
  }
  return merged.join(delimiter);
}
