import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { CALL_EXIT } from './exit-codes.ts';

const bin = fileURLToPath(new URL('../../../bin/switchboard.mjs', import.meta.url));
const RUN_TIMEOUT_MS = 60_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the CLI from its sources; with `interruptOn`, sends SIGINT once stderr matches it (a person pressing Ctrl-C). */
function runSwitchboard(args: string[], interruptOn?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, SWITCHBOARD_FROM_SOURCES: '1' };
    delete env.SWITCHBOARD_DEBUG;
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (interruptOn && !interrupted && interruptOn.test(stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`switchboard ${args.join(' ')} did not finish within ${RUN_TIMEOUT_MS} ms; stderr: ${stderr}`));
    }, RUN_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

describe('switchboard call: progress, time limits and exit codes', () => {
  let root: string;
  let dataDir: string;
  let config: string;

  before(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-call-'));
    dataDir = path.join(root, 'data');
    config = path.join(root, 'mcp.json');
    // The server's own limits are long, so only the command line's can end these calls early.
    writeFileSync(config, JSON.stringify({ mcpServers: { fixture: { ...fixtureStdio('modern'), timeout: { call: 120, max: 600 } } } }));
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  const call = (tool: string, args: object, ...flags: string[]) => ['call', '--config', config, '--data-dir', dataDir, 'fixture', tool, '--args', JSON.stringify(args), ...flags];

  test('progress goes to stderr line by line, the result to stdout', async () => {
    const run = await runSwitchboard(call('slow', { ms: 900, steps: 3 }));
    assert.equal(run.code, CALL_EXIT.ok, run.stderr);
    assert.equal(run.stdout, 'waited 900 ms in 3 steps\n');
    assert.equal(
      run.stderr,
      ['switchboard: progress 0/3 (0%): step 1 of 3', 'switchboard: progress 1/3 (33%): step 2 of 3', 'switchboard: progress 2/3 (67%): step 3 of 3', ''].join('\n'),
    );
  });

  test('--timeout ends a call that goes quiet, with exit 124 and the limit named', async () => {
    const run = await runSwitchboard(call('slow', { ms: 20_000, steps: 1 }, '--timeout', '1'));
    assert.equal(run.code, CALL_EXIT.timedOut, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /switchboard: tool "slow" on server "fixture" timed out: no progress for 1 s\n/);
    assert.ok(run.ms < 15_000, `took ${Math.round(run.ms)} ms`);
  });

  test('progress restarts --timeout, but not --max-time', async () => {
    // A step every 0.25 s keeps a 4 s idle limit from firing (even on a heavily loaded machine); 8 s in all ends it.
    const run = await runSwitchboard(call('slow', { ms: 20_000, steps: 80 }, '--timeout', '4', '--max-time', '8'));
    assert.equal(run.code, CALL_EXIT.timedOut, run.stderr);
    assert.match(run.stderr, /timed out: ran longer than 8 s\n/);
    assert.ok((run.stderr.match(/switchboard: progress \d+\/80/g) ?? []).length >= 3, run.stderr);
  });

  test('Ctrl-C cancels the running call and exits 130; a tool error exits 3, a failure 1', async () => {
    const cancelled = await runSwitchboard(call('slow', { ms: 30_000, steps: 30 }), /progress 1\/30/);
    assert.equal(cancelled.code, 130, cancelled.stderr);
    assert.match(cancelled.stderr, /switchboard: cancelled: the call to tool "slow" on server "fixture" was stopped \(SIGINT\)\n/);
    assert.ok(cancelled.ms < 20_000, `took ${Math.round(cancelled.ms)} ms`);

    const toolError = await runSwitchboard(call('fail', {}));
    assert.equal(toolError.code, CALL_EXIT.toolError);
    assert.match(toolError.stderr, /this tool always fails/);

    const crashed = await runSwitchboard(call('crash', { code: 3 }));
    assert.equal(crashed.code, CALL_EXIT.failed, crashed.stderr);
  });

  test('structured content is checked against the output schema, listed only when there is some', async () => {
    const mismatched = path.join(root, 'mismatched.json');
    writeFileSync(mismatched, JSON.stringify({ mcpServers: { odd: fixtureStdio('modern', ['--mismatched-output']) } }));
    const run = await runSwitchboard(['call', '--config', mismatched, '--data-dir', dataDir, 'odd', 'mismatched_output', '--json']);
    assert.equal(run.code, CALL_EXIT.failed, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /server "odd" answered tool "mismatched_output" with structured content that does not match its output schema/);
    const good = await runSwitchboard(call('add', { a: 2, b: 3 }, '--json'));
    assert.equal(good.code, CALL_EXIT.ok, good.stderr);
    assert.deepEqual((JSON.parse(good.stdout) as { structuredContent: unknown }).structuredContent, { sum: 5 });
  });

  test('a tool that runs as a task prints each change of its status on stderr, in both eras', async () => {
    const tasksConfig = path.join(root, 'tasks.json');
    const everything = fileURLToPath(new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
    writeFileSync(
      tasksConfig,
      JSON.stringify({ mcpServers: { tasks: fixtureStdio('tasks'), everything: { command: process.execPath, args: [everything, 'stdio'] } } }),
    );
    const modern = await runSwitchboard(['call', '--config', tasksConfig, '--data-dir', dataDir, 'tasks', 'research', '--args', JSON.stringify({ topic: 'tides', steps: 3, stepMs: 200 })]);
    assert.equal(modern.code, CALL_EXIT.ok, modern.stderr);
    assert.match(modern.stdout, /research on tides: 3 steps/);
    assert.match(modern.stderr, /^switchboard: task working/m);
    assert.match(modern.stderr, /^switchboard: task completed after \d+\.\d s/m);

    // server-everything (2025-11-25) marks its research tool taskSupport "required": a one-call connection that
    // lists nothing up front must still learn that before calling.
    const legacy = await runSwitchboard(['call', '--config', tasksConfig, '--data-dir', dataDir, 'everything', 'simulate-research-query', '--args', '{"topic":"tides"}']);
    assert.equal(legacy.code, CALL_EXIT.ok, legacy.stderr);
    assert.match(legacy.stdout, /research report/i);
    assert.match(legacy.stderr, /^switchboard: task working: Gathering sources/m);
    assert.match(legacy.stderr, /^switchboard: task completed after /m);
  });

  test('a 2026 task asking a form it was never offered is refused at once, as a 2025 request would be, not waited on', async () => {
    const tasksConfig = path.join(root, 'tasks-ask.json');
    writeFileSync(tasksConfig, JSON.stringify({ mcpServers: { tasks: fixtureStdio('tasks') } }));
    const run = await runSwitchboard(['call', '--config', tasksConfig, '--data-dir', dataDir, 'tasks', 'research', '--args', JSON.stringify({ topic: 'moon', ask: true })]);
    assert.equal(run.code, CALL_EXIT.ok, run.stderr);
    assert.match(run.stderr, /^switchboard: task input required/m);
    // ext-tasks answers a refused question as the person cancelling it.
    assert.match(run.stdout, /research on moon: 3 steps, angle none \(cancel\)/);
  });

  test('--timeout and --max-time take seconds above 0', async () => {
    for (const flags of [['--timeout', '0'], ['--timeout', 'soon'], ['--max-time=-1']]) {
      const run = await runSwitchboard(call('echo', { text: 'x' }, ...flags));
      assert.equal(run.code, CALL_EXIT.usage, flags.join(' '));
      assert.match(run.stderr, /must be a number of seconds above 0/);
    }
  });
});
