/**
 * How long the ServerManager takes to connect 20 stdio servers at once compared with 1, for a 2026-era and a
 * 2025-era fixture. Cold: a fresh data directory, so every server's era is probed (auto negotiation probes on a
 * throwaway process, see DESIGN.md). Warm: the same directory again, with the era verdicts remembered, which
 * is what every later app start sees. Prints medians and the host process's peak RSS; asserts nothing.
 *
 * BENCH_CONNECT_REPS sets the repetitions (default 3).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HostEventBus } from '../../electron/host/event-bus.ts';
import { ServerManager } from '../../electron/host/servers/server-manager.ts';
import { SettingsStore, openDatabase } from '../../electron/host/store/database.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';

export const name = 'connect stdio servers: 20 in parallel vs 1';

const repetitions = Number(process.env.BENCH_CONNECT_REPS ?? 3);
const manyServers = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Starts a manager over `dataDir` and returns the ms from start() until every server is connected. */
async function timeConnect(dataDir: string): Promise<number> {
  const db = openDatabase(dataDir);
  const manager = new ServerManager({
    configPath: path.join(dataDir, 'mcp.json'),
    events: new HostEventBus(),
    settings: new SettingsStore(db),
    // The app reads the login shell's PATH once per run; the fixtures are absolute paths, so leave it out of the figure.
    loginShellPath: async () => process.env.PATH,
    connectTimeoutMs: 60_000,
    probeTimeoutMs: 30_000,
  });
  try {
    const started = performance.now();
    await manager.start();
    const states = await manager.settled(120_000);
    const elapsed = performance.now() - started;
    const notConnected = states.filter((state) => state.status !== 'connected');
    if (notConnected.length > 0) {
      throw new Error(`not connected: ${notConnected.map((state) => `${state.name} ${state.status} ${state.reason ?? ''}`).join('; ')}`);
    }
    return elapsed;
  } finally {
    await manager.close();
    db.close();
  }
}

interface Figures {
  cold: number[];
  warm: number[];
}

async function measure(kind: 'modern' | 'legacy', count: number, figures: Figures): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `switchboard-bench-${kind}-`));
  try {
    const servers = Object.fromEntries(
      Array.from({ length: count }, (_, index) => [`${kind}-${String(index + 1).padStart(2, '0')}`, fixtureStdio(kind)]),
    );
    writeFileSync(path.join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
    figures.cold.push(await timeConnect(dataDir));
    figures.warm.push(await timeConnect(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function run(): Promise<{ lines: string[] }> {
  const lines: string[] = [];
  for (const kind of ['modern', 'legacy'] as const) {
    const one: Figures = { cold: [], warm: [] };
    const many: Figures = { cold: [], warm: [] };
    // Interleaved, so a slow patch of the machine hits both sizes alike.
    for (let repetition = 0; repetition < repetitions; repetition++) {
      await measure(kind, 1, one);
      await measure(kind, manyServers, many);
    }
    for (const phase of ['cold', 'warm'] as const) {
      const single = median(one[phase]);
      const parallel = median(many[phase]);
      lines.push(
        `${kind} stdio, ${phase}: 1 server ${ms(single)}, ${manyServers} servers ${ms(parallel)}, ratio ${(parallel / single).toFixed(1)}x` +
          ` (median of ${repetitions})`,
      );
    }
  }
  lines.push(`peak RSS of the host process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  return { lines };
}
