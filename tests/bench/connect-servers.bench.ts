/**
 * 20 stdio servers connecting at once: Switchboard's ServerManager against 20 bare SDK clients, in the same run,
 * each in a process of its own, with the app's real defaults (timeouts, start pacing, the login shell read for
 * PATH) and the SDK's own for the bare clients. For each: the time until all are connected, the processes each
 * server was spawned as (every fixture process appends its pid to a log), and how many got their right era.
 * Switchboard cold is a fresh data directory (every era is probed); warm is the same directory again, with the
 * verdicts remembered, as at every later app start. The busy case runs a CPU hog (a busy loop per core) beside.
 *
 * BENCH_CONNECT_SERVERS sets how many servers (default 20); BENCH_CONNECT_ONLY=modern|legacy|busy runs one case.
 */
import { spawn, execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fixtureStdio } from '../fixtures/servers/launch.ts';

export const name = 'connect 20 stdio servers: Switchboard vs bare SDK clients';

const count = Number(process.env.BENCH_CONNECT_SERVERS ?? 20);
const here = import.meta.dirname;
const execFileAsync = promisify(execFile);

interface Outcome {
  ms: number;
  spawnsPerServer: number;
  rightEra: number;
  failed: string[];
  notes?: Record<string, number>;
}

async function connect(script: 'connect-switchboard.ts' | 'connect-bare-sdk.ts', argument: string, spawnLog: string, era: string): Promise<Outcome> {
  const before = existsSync(spawnLog) ? lines(spawnLog) : 0;
  const { stdout } = await execFileAsync(process.execPath, [path.join(here, script), argument], { maxBuffer: 10_000_000, timeout: 600_000 });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    ms: number;
    servers: { name: string; era?: string; error?: string }[];
    notes?: Record<string, number>;
  };
  return {
    ms: result.ms,
    spawnsPerServer: (lines(spawnLog) - before) / count,
    rightEra: result.servers.filter((server) => server.era === era).length,
    failed: result.servers.filter((server) => server.error).map((server) => `${server.name}: ${server.error}`),
    notes: result.notes,
  };
}

function lines(file: string): number {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
}

function cpuHog(): ChildProcess[] {
  const loop = 'const end = Date.now() + 600000; while (Date.now() < end) {}';
  return Array.from({ length: os.availableParallelism() }, () => spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }));
}

function describe(label: string, outcome: Outcome): string {
  const failed = outcome.failed.length > 0 ? `; not connected: ${outcome.failed.slice(0, 3).join(' | ')}${outcome.failed.length > 3 ? ' …' : ''}` : '';
  const notes = Object.entries(outcome.notes ?? {}).map(([note, times]) => `${note} ×${times}`);
  const noted = notes.length > 0 ? ` (${notes.join(', ')})` : '';
  return `${label}: ${(outcome.ms / 1000).toFixed(2)} s, ${outcome.spawnsPerServer.toFixed(2)} processes per server, right era ${outcome.rightEra}/${count}${noted}${failed}`;
}

async function scenario(kind: 'modern' | 'legacy', busy: boolean, lines: string[]): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `switchboard-bench-connect-${kind}-`));
  const hog = busy ? cpuHog() : [];
  try {
    const spawnLog = path.join(dir, 'spawns.log');
    writeFileSync(spawnLog, '');
    const servers = Object.fromEntries(
      Array.from({ length: count }, (_, index) => [`${kind}-${String(index + 1).padStart(2, '0')}`, fixtureStdio(kind, ['--spawn-log', spawnLog])]),
    );
    const configPath = path.join(dir, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: servers }));
    const era = kind;
    const bare = await connect('connect-bare-sdk.ts', configPath, spawnLog, era);
    const cold = await connect('connect-switchboard.ts', dir, spawnLog, era);
    const warm = busy ? undefined : await connect('connect-switchboard.ts', dir, spawnLog, era);
    const title = `${count} ${kind === 'modern' ? '2026-era' : '2025-era'} servers${busy ? `, beside a CPU hog (${hog.length} busy loops)` : ''}`;
    lines.push(title);
    lines.push(`  ${describe('bare SDK clients', bare)}`);
    lines.push(`  ${describe('Switchboard, first start', cold)}`);
    if (warm) lines.push(`  ${describe('Switchboard, era remembered', warm)}`);
    lines.push(
      `  ratio Switchboard first start / bare: time ${(cold.ms / bare.ms).toFixed(2)}x, processes ${(cold.spawnsPerServer / bare.spawnsPerServer).toFixed(2)}x` +
        (warm ? `; remembered / bare: time ${(warm.ms / bare.ms).toFixed(2)}x` : ''),
    );
  } finally {
    for (const child of hog) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<{ lines: string[] }> {
  const lines: string[] = [`${os.availableParallelism()} cores; load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`];
  // BENCH_CONNECT_ONLY=modern|legacy|busy runs one scenario.
  const only = process.env.BENCH_CONNECT_ONLY;
  if (!only || only === 'modern') await scenario('modern', false, lines);
  if (!only || only === 'legacy') await scenario('legacy', false, lines);
  if (!only || only === 'busy') await scenario('modern', true, lines);
  return { lines };
}
