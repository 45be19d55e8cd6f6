import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface BrowserMode {
  /** What `serve` printed: open this; the token rides in the fragment, which the page keeps in sessionStorage. */
  url: string;
  port: number;
  token: string;
  dataDir: string;
  configPath: string;
  /** The mcp.json the host wrote, parsed. */
  readConfig(): Promise<{ mcpServers?: Record<string, unknown> }>;
  output(): string;
  /** Stops `serve` (SIGTERM) and starts it again over the same data dir, as a person restarting it would; returns what it printed. */
  restart(): Promise<string>;
}

interface Fixtures {
  /** The `mcpServers` object written to mcp.json before the host starts; override with `test.use`. */
  mcpServers: Record<string, unknown>;
  /** Extra environment for the host process (a fake provider's URL and key, say); override with `test.use` or a fixture. */
  hostEnv: Record<string, string>;
  /** `serve --trust-config` (the default here): servers run without a trust review. Off to test that review. */
  trustConfig: boolean;
  /** The folder the data dir is made in (the system temp folder unless a test needs another disk). */
  dataRoot: string | undefined;
  switchboard: BrowserMode;
}

function waitForUrl(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`switchboard serve printed no address in ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    const check = () => {
      const match = /Switchboard is running at (\S+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`switchboard serve exited (${code ?? signal}) before it was ready:\n${output()}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGTERM lets the host stop every MCP server it started; SIGKILL only if it hangs.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Browser mode for real: `switchboard serve` (a real Host and web server) over a temp data dir, serving the
 * built renderer in out/renderer. One per test, so no state leaks between tests.
 */
export const test = base.extend<Fixtures>({
  mcpServers: [{}, { option: true }],
  hostEnv: [{}, { option: true }],
  trustConfig: [true, { option: true }],
  dataRoot: [undefined, { option: true }],
  switchboard: async ({ mcpServers, hostEnv, trustConfig, dataRoot }, use) => {
    const dataDir = await mkdtemp(path.join(dataRoot ?? os.tmpdir(), 'switchboard-e2e-'));
    const configPath = path.join(dataDir, 'mcp.json');
    await writeFile(configPath, `${JSON.stringify({ mcpServers }, null, 2)}\n`);
    let output = '';
    // The first start picks a free port; a restart leaves --port out, so `serve` goes back to the one it kept.
    const start = async (portArgs: string[]): Promise<{ child: ChildProcess; url: string }> => {
      const args = [path.join(repoRoot, 'bin/switchboard.mjs'), 'serve', '--data-dir', dataDir, ...portArgs, ...(trustConfig ? ['--trust-config'] : [])];
      const child = spawn(process.execPath, args, {
        cwd: repoRoot,
        env: { ...process.env, ...hostEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const mark = output.length;
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      try {
        return { child, url: await waitForUrl(child, () => output.slice(mark), 30_000) };
      } catch (error) {
        await stop(child);
        throw error;
      }
    };
    let current: ChildProcess | undefined;
    try {
      const first = await start(['--port', '0']);
      current = first.child;
      const { port, hash } = new URL(first.url);
      await use({
        url: first.url,
        port: Number(port),
        token: new URLSearchParams(hash.slice(1)).get('token') ?? '',
        dataDir,
        configPath,
        readConfig: async () => JSON.parse(await readFile(configPath, 'utf8')) as { mcpServers?: Record<string, unknown> },
        output: () => output,
        restart: async () => {
          if (current) await stop(current);
          current = undefined;
          const again = await start([]);
          current = again.child;
          return again.url;
        },
      });
    } finally {
      if (current) await stop(current);
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect } from '@playwright/test';
