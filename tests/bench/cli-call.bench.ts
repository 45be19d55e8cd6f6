/**
 * `switchboard call` against a bare SDK client script (support/bare-call.mjs) making the same call on the same
 * server: whole processes, wall time and CPU (user + sys of the process and the server processes it waited for,
 * read with /usr/bin/time), median of BENCH_CLI_REPS runs (default 9) after one untimed run of each, interleaved.
 * Switchboard runs as a person gets it: the built bundle (built here first), its defaults, a data directory
 * that has seen the server once (so its protocol era is remembered). Prints figures and ratios; asserts nothing.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HUMAN_CAPABILITIES } from '../../electron/host/human/human-service.ts';
import { fixtureScript } from '../fixtures/servers/launch.ts';

export const name = 'switchboard call vs a bare SDK client';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const repetitions = Number(process.env.BENCH_CLI_REPS ?? 9);
const timeBinary = '/usr/bin/time';
const bareScript = fileURLToPath(new URL('./support/bare-call.mjs', import.meta.url));

interface Sample {
  wallMs: number;
  cpuMs: number | undefined;
  stderr: string;
}

interface Target {
  label: string;
  server: string;
  command: string[];
  tool: string;
  args: Record<string, unknown>;
  /** The version to pin the bare client to, to compare on the era Switchboard negotiates with a dual-era server. */
  pin?: string;
  /** Capabilities for the bare client to offer; by default none, as the SDK's default. */
  capabilities?: object;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs `argv` to its end; CPU from /usr/bin/time, which counts the children the process waited for (its servers). */
function measure(argv: string[], scratch: string): Promise<Sample> {
  const usage = path.join(scratch, 'usage.txt');
  const timed = existsSync(timeBinary);
  const [command, ...args] = timed ? [timeBinary, '-f', '%U %S', '-o', usage, ...argv] : argv;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) {
        reject(new Error(`${argv.slice(0, 3).join(' ')} … exited with ${code}: ${stderr.trim() || stdout.trim()}`));
        return;
      }
      const [user, system] = timed ? readFileSync(usage, 'utf8').trim().split(/\s+/).slice(-2).map(Number) : [];
      resolve({ wallMs, cpuMs: timed ? (user + system) * 1000 : undefined, stderr });
    });
  });
}

async function ensureBundle(): Promise<string> {
  // Always rebuilt, so the figures are of the sources as they are; it is what `npm run build` writes for the CLI.
  await promisify(execFile)(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'cli.vite.config.ts'], {
    cwd: repoRoot,
    timeout: 120_000,
  });
  return path.join(repoRoot, 'bin', 'switchboard.mjs');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function run(): Promise<{ lines: string[] }> {
  const lines: string[] = [];
  const bin = await ensureBundle();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-cli-'));
  try {
    const everything = path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    const targets: Target[] = [
      { label: 'fixture server', server: 'fixture', command: [process.execPath, fixtureScript('modern')], tool: 'echo', args: { text: 'hello' } },
      {
        label: 'fixture server, bare client on the same 2026-07-28 era',
        server: 'fixture',
        command: [process.execPath, fixtureScript('modern')],
        tool: 'echo',
        args: { text: 'hello' },
        pin: '2026-07-28',
      },
      { label: 'server-everything echo', server: 'everything', command: [process.execPath, everything, 'stdio'], tool: 'echo', args: { message: 'hello' } },
      {
        // Offered roots, this server stays up after its input closes: the SDK's own close then waits 2 s.
        label: "server-everything echo, bare client offering Switchboard's capabilities",
        server: 'everything',
        command: [process.execPath, everything, 'stdio'],
        tool: 'echo',
        args: { message: 'hello' },
        capabilities: HUMAN_CAPABILITIES,
      },
    ];
    const configPath = path.join(scratch, 'mcp.json');
    const servers = Object.fromEntries(targets.map((target) => [target.server, { command: target.command[0], args: target.command.slice(1) }]));
    writeFileSync(configPath, JSON.stringify({ mcpServers: servers }));
    const dataDir = path.join(scratch, 'data');

    for (const target of targets) {
      const switchboard = [process.execPath, bin, 'call', '--config', configPath, '--data-dir', dataDir, target.server, target.tool, '--args', JSON.stringify(target.args)];
      const bare = [process.execPath, bareScript, JSON.stringify(target.command), target.tool, JSON.stringify(target.args), target.pin ?? ''];
      if (target.capabilities) bare.push(JSON.stringify(target.capabilities));
      await measure(switchboard, scratch);
      await measure(bare, scratch);
      const ours: Sample[] = [];
      const theirs: Sample[] = [];
      for (let repetition = 0; repetition < repetitions; repetition++) {
        ours.push(await measure(switchboard, scratch));
        theirs.push(await measure(bare, scratch));
      }
      const wall = [median(ours.map((sample) => sample.wallMs)), median(theirs.map((sample) => sample.wallMs))];
      const cpuKnown = ours.every((sample) => sample.cpuMs !== undefined);
      const cpu = cpuKnown ? [median(ours.map((sample) => sample.cpuMs!)), median(theirs.map((sample) => sample.cpuMs!))] : undefined;
      lines.push(
        `${target.label}: switchboard ${seconds(wall[0])} wall${cpu ? `, ${seconds(cpu[0])} CPU` : ''}; bare client ${seconds(wall[1])} wall` +
          `${cpu ? `, ${seconds(cpu[1])} CPU` : ''}; ratio ${(wall[0] / wall[1]).toFixed(2)}x wall${cpu ? `, ${(cpu[0] / cpu[1]).toFixed(2)}x CPU` : ' (no /usr/bin/time: CPU not measured)'}` +
          ` (median of ${repetitions})`,
      );
      const signalled = ours.filter((sample) => /did not exit within .* of its input closing/.test(sample.stderr)).length;
      if (signalled > 0) lines.push(`  switchboard signalled the server after its short grace in ${signalled} of ${repetitions} runs (it stays up after its input closes)`);
    }
    lines.push('target: at most 1.10x in wall time and CPU');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { lines };
}
