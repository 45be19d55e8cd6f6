/**
 * Runs every client scenario of the official MCP conformance suite against Switchboard's connection layer
 * (switchboard-client.ts), and judges each run from the checks the suite recorded (verdict.ts) against
 * expected-failures.json.
 *
 * Every scenario runs once on each protocol revision the suite says it applies to (2025-03-26, 2025-06-18,
 * 2025-11-25, 2026-07-28), each with `--spec-version`, so the suite's server speaks that wire and the client is
 * told it (switchboard-client.ts pins the entry to it). Extension scenarios are not on the spec timeline: they
 * run on the newest revision of each era, 2025-11-25 and 2026-07-28, the wires the suite's requirement sets
 * run them at (`--force`, which the suite asks for to run an extension at a stated revision). A run is keyed
 * `name@revision`. Scenarios run one per suite process, a few at a time: the
 * suite's own `--suite all` starts all of them at once, which on a two-core machine starves the clients past
 * their connect timeouts.
 *
 * Usage: node tests/conformance/run.ts [--keep] [--scenario NAME] [--jobs N]
 *   --keep       keep the suite's per-scenario results (checks.json, client stdout/stderr) and print where
 *   --scenario   run one scenario only (on every wire it applies to), for working on it
 *   --jobs       scenarios run at the same time (default 3)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { judge, summary, tally } from './verdict.ts';
import type { RecordedCheck, Verdict } from './verdict.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const clientScript = path.join(here, 'switchboard-client.ts');
const expectedFailuresPath = path.join(here, 'expected-failures.json');
const conformanceBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')),
  'dist/index.js',
);
const scenarioTimeoutMs = 90_000;

interface Scenario {
  name: string;
  tags: string[];
}

/** The wires an extension scenario runs on: the newest revision of each era. */
const extensionRevisions = ['2025-11-25', '2026-07-28'];

interface Run {
  /** `name@revision`. */
  key: string;
  scenario: string;
  args: string[];
}

function runSuite(args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [conformanceBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function listClientScenarios(): Promise<Scenario[]> {
  const { output } = await runSuite(['list', '--client'], 30_000);
  return [...output.matchAll(/^\s+- (\S+) \[([^\]]*)\]$/gm)].map((match) => ({ name: match[1], tags: match[2].split(',') }));
}

const isDatedRevision = (tag: string) => /^\d{4}-\d{2}-\d{2}$/.test(tag);

function plannedRuns(scenarios: Scenario[]): Run[] {
  return scenarios.flatMap((scenario) => {
    const dated = scenario.tags.filter(isDatedRevision);
    const extension = dated.length === 0;
    return (extension ? extensionRevisions : dated).map((revision) => ({
      key: `${scenario.name}@${revision}`,
      scenario: scenario.name,
      args: ['--spec-version', revision, ...(extension ? ['--force'] : [])],
    }));
  });
}

/** The checks the suite recorded for one run (checks.json), or undefined when it wrote none. */
function recordedChecks(resultsDir: string, scenario: string): RecordedCheck[] | undefined {
  const parent = path.join(resultsDir, path.dirname(scenario));
  const prefix = `${path.basename(scenario)}-`;
  const folder = existsSync(parent)
    ? readdirSync(parent).find((entry) => entry.startsWith(prefix) && /^\d{4}-/.test(entry.slice(prefix.length)))
    : undefined;
  if (!folder) return undefined;
  try {
    return JSON.parse(readFileSync(path.join(parent, folder, 'checks.json'), 'utf8')) as RecordedCheck[];
  } catch {
    return undefined;
  }
}

async function runOne(run: Run, resultsRoot: string): Promise<Verdict> {
  const resultsDir = path.join(resultsRoot, run.key.replace(/[^A-Za-z0-9_.@-]/g, '_'));
  const command = `"${process.execPath}" "${clientScript}"`;
  const { code, output } = await runSuite(
    ['client', '--command', command, '--scenario', run.scenario, ...run.args, '-o', resultsDir],
    scenarioTimeoutMs,
  );
  if (/^SKIPPED: /m.test(output)) return { key: run.key, outcome: 'not-exercised', detail: output.match(/^SKIPPED: (.*)$/m)![1] };
  const checks = recordedChecks(resultsDir, run.scenario);
  if (checks === undefined) {
    return { key: run.key, outcome: 'failed', detail: `no checks were recorded: ${output.trim().split('\n').slice(-2).join(' | ')}` };
  }
  return { key: run.key, ...judge(checks, code) };
}

async function runAll(runs: Run[], jobs: number, resultsRoot: string): Promise<Verdict[]> {
  const verdicts: Verdict[] = new Array(runs.length);
  let next = 0;
  const worker = async () => {
    while (next < runs.length) {
      const index = next++;
      verdicts[index] = await runOne(runs[index], resultsRoot);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return verdicts;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { keep: { type: 'boolean', default: false }, scenario: { type: 'string' }, jobs: { type: 'string', default: '3' } },
  });
  const expected = JSON.parse(readFileSync(expectedFailuresPath, 'utf8')) as Record<string, string>;
  const scenarios = await listClientScenarios();
  if (scenarios.length === 0) throw new Error('the conformance suite listed no client scenarios');
  const runs = plannedRuns(scenarios.filter((scenario) => values.scenario === undefined || scenario.name === values.scenario));
  if (runs.length === 0) throw new Error(`the suite has no client scenario "${values.scenario}"`);

  const resultsRoot = mkdtempSync(path.join(tmpdir(), 'switchboard-conformance-results-'));
  const started = performance.now();
  let verdicts: Verdict[];
  try {
    verdicts = await runAll(runs, Number(values.jobs), resultsRoot);
  } finally {
    if (values.keep) console.log(`results kept in ${resultsRoot}`);
    else rmSync(resultsRoot, { recursive: true, force: true });
  }
  console.log(`${runs.length} runs of ${new Set(runs.map((run) => run.scenario)).size} client scenarios in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const counts = tally(verdicts, expected, values.scenario === undefined);
  for (const line of [...counts.lines, ...summary(counts)]) console.log(line);
  return counts.failed > 0 || counts.stale > 0 ? 1 : 0;
}

process.exitCode = await main();
