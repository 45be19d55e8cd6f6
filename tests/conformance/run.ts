/**
 * Runs every client scenario of the official MCP conformance suite against Switchboard's connection layer
 * (switchboard-client.ts), and judges the outcome against expected-failures.json.
 *
 * Every scenario runs at the suite's default revision for it; the scenarios that belong to both eras run a
 * second time on the 2026-07-28 wire (the default for those is 2025-11-25), since both eras are first-class.
 * Scenarios run one per suite process, a few at a time: the suite's own `--suite all` starts all of them at
 * once, which on a two-core machine starves the clients past their connect timeouts.
 *
 * Usage: node tests/conformance/run.ts [--keep] [--scenario NAME] [--jobs N]
 *   --keep       keep the suite's per-scenario results (checks.json, client stdout/stderr) and print where
 *   --scenario   run one scenario only (on both wires where it applies), for working on it
 *   --jobs       scenarios run at the same time (default 3)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const clientScript = path.join(here, 'switchboard-client.ts');
const expectedFailuresPath = path.join(here, 'expected-failures.json');
const conformanceBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')),
  'dist/index.js',
);
const modernRevision = '2026-07-28';
const scenarioTimeoutMs = 90_000;

interface Scenario {
  name: string;
  tags: string[];
}

interface Run {
  /** `name` at the default revision, `name@2026-07-28` for the modern re-run of a dual-era scenario. */
  key: string;
  scenario: string;
  args: string[];
}

interface Verdict {
  key: string;
  passed: boolean;
  detail: string;
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
const belongsToBothEras = (scenario: Scenario) =>
  scenario.tags.includes(modernRevision) && scenario.tags.some((tag) => isDatedRevision(tag) && tag < modernRevision);

function plannedRuns(scenarios: Scenario[]): Run[] {
  return scenarios.flatMap((scenario) => {
    const runs: Run[] = [{ key: scenario.name, scenario: scenario.name, args: [] }];
    if (belongsToBothEras(scenario)) {
      runs.push({ key: `${scenario.name}@${modernRevision}`, scenario: scenario.name, args: ['--spec-version', modernRevision] });
    }
    return runs;
  });
}

/** The failing checks of one run, from the suite's checks.json, to say why it failed. */
function failingChecks(resultsDir: string, scenario: string): string {
  const parent = path.join(resultsDir, path.dirname(scenario));
  const prefix = `${path.basename(scenario)}-`;
  const folder = existsSync(parent)
    ? readdirSync(parent).find((entry) => entry.startsWith(prefix) && /^\d{4}-/.test(entry.slice(prefix.length)))
    : undefined;
  if (!folder) return 'no results were written';
  try {
    const checks = JSON.parse(readFileSync(path.join(parent, folder, 'checks.json'), 'utf8')) as { id: string; status: string }[];
    const failing = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    if (failing.length === 0) return 'the client exited with an error';
    return failing.map((check) => `${check.id} (${check.status.toLowerCase()})`).join(', ');
  } catch {
    return 'checks.json is missing or unreadable';
  }
}

async function runOne(run: Run, resultsRoot: string): Promise<Verdict> {
  const resultsDir = path.join(resultsRoot, run.key.replace(/[^A-Za-z0-9_.@-]/g, '_'));
  const command = `"${process.execPath}" "${clientScript}"`;
  const { code, output } = await runSuite(
    ['client', '--command', command, '--scenario', run.scenario, ...run.args, '-o', resultsDir],
    scenarioTimeoutMs,
  );
  // The suite exits 0 exactly when every check of the scenario passed.
  if (code === 0) return { key: run.key, passed: true, detail: '' };
  const detail = /OVERALL: (PASSED|FAILED)/.test(output) ? failingChecks(resultsDir, run.scenario) : output.trim().split('\n').slice(-2).join(' | ');
  return { key: run.key, passed: false, detail };
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

  let passed = 0;
  let unexpectedFailures = 0;
  let expectedFailures = 0;
  let staleEntries = 0;
  for (const verdict of verdicts) {
    const reason = expected[verdict.key];
    if (verdict.passed) {
      passed++;
      if (reason !== undefined) {
        staleEntries++;
        console.log(`PASS  ${verdict.key}  (listed as an expected failure, "${reason}": it passes now, remove it from expected-failures.json)`);
      } else {
        console.log(`PASS  ${verdict.key}`);
      }
    } else if (reason !== undefined) {
      expectedFailures++;
      console.log(`XFAIL ${verdict.key}  (${reason})`);
    } else {
      unexpectedFailures++;
      console.log(`FAIL  ${verdict.key}  ${verdict.detail}`);
    }
  }
  if (values.scenario === undefined) {
    const known = new Set(verdicts.map((verdict) => verdict.key));
    for (const key of Object.keys(expected).filter((entry) => !known.has(entry))) {
      staleEntries++;
      console.log(`expected-failures.json names "${key}", which the suite no longer runs: remove it`);
    }
  }
  console.log(`conformance: ${expectedFailures} expected failures`);
  console.log(`conformance: ${passed} passed`);
  console.log(`conformance: ${unexpectedFailures} failed`);
  return unexpectedFailures > 0 || staleEntries > 0 ? 1 : 0;
}

process.exitCode = await main();
