import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { HostEvents } from '../../../../shared/api/host-api.ts';
import type { LogEntry, ServerState } from '../../../../shared/servers/server-state.ts';
import { HostEventBus } from '../../event-bus.ts';
import { openDatabase, SettingsStore } from '../../store/database.ts';
import { ServerManager } from '../server-manager.ts';
import type { ServerManagerOptions } from '../server-manager.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const binDir = path.join(repoRoot, 'node_modules', '.bin');

/** The published reference servers, run by the pinned Node so the tests do not depend on the PATH. */
export function publishedServer(name: 'everything' | 'memory' | 'filesystem'): { command: string; args: string[] } {
  const entry = {
    everything: ['@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
    memory: ['@modelcontextprotocol/server-memory/dist/index.js'],
    filesystem: ['@modelcontextprotocol/server-filesystem/dist/index.js'],
  }[name];
  return { command: process.execPath, args: [path.join(repoRoot, 'node_modules', entry[0]), ...entry.slice(1)] };
}

export interface Harness {
  manager: ServerManager;
  dataDir: string;
  configPath: string;
  events: HostEventBus;
  seen: { [E in keyof HostEvents]: HostEvents[E][] };
  writeConfig(value: unknown): void;
  /** A second manager over the same data dir, as after an app restart. */
  reopen(options?: Partial<ServerManagerOptions>): Harness;
  close(): Promise<void>;
}

interface Context {
  after(fn: () => unknown): void;
}

export function createHarness(t: Context, config: unknown, options: Partial<ServerManagerOptions> = {}, existingDir?: string): Harness {
  const dataDir = existingDir ?? mkdtempSync(path.join(os.tmpdir(), 'switchboard-servers-'));
  const configPath = path.join(dataDir, 'mcp.json');
  if (config !== undefined) writeFileSync(configPath, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  const db: DatabaseSync = openDatabase(dataDir);
  const events = new HostEventBus();
  const seen = { 'servers.changed': [], 'servers.catalogChanged': [], 'servers.log': [], 'servers.configChanged': [], 'servers.callProgress': [] } as unknown as Harness['seen'];
  for (const name of Object.keys(seen) as (keyof HostEvents)[]) {
    events.on(name, (payload) => (seen[name] as unknown[]).push(payload));
  }
  const manager = new ServerManager({
    configPath,
    events,
    settings: new SettingsStore(db),
    loginShellPath: async () => undefined,
    connectTimeoutMs: 20_000,
    configDebounceMs: 50,
    ...options,
  });
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await manager.close();
    db.close();
  };
  t.after(async () => {
    await close();
    if (!existingDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    manager,
    dataDir,
    configPath,
    events,
    seen,
    writeConfig: (value) => writeFileSync(configPath, typeof value === 'string' ? value : JSON.stringify(value, null, 2)),
    reopen: (more = {}) => createHarness(t, undefined, { ...options, ...more }, dataDir),
    close,
  };
}

/** Resolves with the first state of `name` that matches, from the events; rejects after `timeoutMs`. */
export function waitForState(
  harness: Harness,
  name: string,
  predicate: (state: ServerState) => boolean,
  timeoutMs = 20_000,
): Promise<ServerState> {
  const current = harness.manager.get(name);
  if (current && predicate(current)) return Promise.resolve(current);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for ${name}; last state: ${JSON.stringify(harness.manager.get(name))}`));
    }, timeoutMs);
    const off = harness.events.on('servers.changed', (states) => {
      const state = states.find((entry) => entry.name === name);
      if (state && predicate(state)) {
        clearTimeout(timer);
        off();
        resolve(state);
      }
    });
  });
}

export function waitForLog(harness: Harness, name: string, predicate: (entry: LogEntry) => boolean, timeoutMs = 20_000): Promise<LogEntry> {
  const existing = harness.manager.get(name) ? harness.manager.logs(name).find(predicate) : undefined;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for a log line of ${name}`));
    }, timeoutMs);
    const off = harness.events.on('servers.log', (entry) => {
      if (entry.server === name && predicate(entry)) {
        clearTimeout(timer);
        off();
        resolve(entry);
      }
    });
  });
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Pids of live processes whose command line contains `marker` (Linux /proc); empty elsewhere. */
export function processesWithMarker(marker: string): number[] {
  if (process.platform !== 'linux') return [];
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(marker)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** The pids the manager logged as started for a server. */
export function startedPids(harness: Harness, name: string): number[] {
  return harness.manager
    .logs(name)
    .map((entry) => /^started process (\d+)$/.exec(entry.text)?.[1])
    .filter((pid): pid is string => pid !== undefined)
    .map(Number);
}

/** Polls `condition` every 50 ms until it holds; rejects after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
