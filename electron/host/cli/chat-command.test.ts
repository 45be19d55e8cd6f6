import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';

const bin = fileURLToPath(new URL('../../../bin/switchboard.mjs', import.meta.url));
const API_KEY = 'sk-ant-cli-test-abcdef123456';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runSwitchboard(args: string[], env: Record<string, string>, stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, SWITCHBOARD_FROM_SOURCES: '1', ...env };
    delete childEnv.SWITCHBOARD_DEBUG;
    delete childEnv.OPENAI_API_KEY;
    const child = spawn(process.execPath, [bin, ...args], { env: childEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.end(stdin ?? '');
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`switchboard ${args.join(' ')} did not finish; stderr: ${stderr}`));
    }, 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('switchboard chat', () => {
  let fake: FakeAnthropic;
  let root: string;
  let config: string;
  let env: Record<string, string>;

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    root = mkdtempSync(path.join(os.tmpdir(), 'sb-cli-chat-'));
    config = path.join(root, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fx: fixtureStdio('modern') } }));
    env = { ANTHROPIC_BASE_URL: fake.baseURL, ANTHROPIC_API_KEY: API_KEY };
  });

  after(async () => {
    await fake?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  function toolTurns(finalText: string): void {
    fake.script({ blocks: [{ text: 'Echoing. ' }, { toolUse: { name: 'fx__echo', input: { text: 'from the cli' } } }] }, (request) => {
      const messages = request.body!.messages as unknown as { content: { type: string; content?: { text: string }[]; is_error?: boolean }[] }[];
      const result = messages.at(-1)!.content.find((block) => block.type === 'tool_result')!;
      return { blocks: [{ text: `${finalText} (${result.is_error ? 'error' : 'ok'}: ${result.content?.[0]?.text})` }] };
    });
  }

  test('--approve all runs the tool, streams the answer to stdout and saves the conversation', async () => {
    const dataDir = path.join(root, 'all');
    toolTurns('Done');
    const run = await runSwitchboard(['chat', '--config', config, '--data-dir', dataDir, '--approve', 'all', 'echo something'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'Echoing. \nDone (ok: from the cli)\n');
    assert.match(run.stderr, /→ fx › echo \{"text":"from the cli"\}/);
    assert.match(run.stderr, /← fx › echo: done/);
    assert.ok(!run.stdout.includes(API_KEY) && !run.stderr.includes(API_KEY));

    const db = new DatabaseSync(path.join(dataDir, 'switchboard.db'), { readOnly: true });
    try {
      const rows = db.prepare('SELECT role, status FROM messages ORDER BY row').all();
      assert.deepEqual(
        rows.map((row) => [row.role, row.status]),
        [
          ['user', 'complete'],
          ['assistant', 'complete'],
        ],
      );
    } finally {
      db.close();
    }
  });

  test('--approve none denies every call and the model is told', async () => {
    toolTurns('Could not');
    const run = await runSwitchboard(['chat', '--config', config, '--data-dir', path.join(root, 'none'), '--approve', 'none', 'echo something'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Could not \(error: The person denied this tool call\. Their reason: Tool calls are turned off for this run \(--approve none\)\.\)/);
    assert.match(run.stderr, /← fx › echo: denied/);
  });

  test('--approve ask asks on the terminal', async () => {
    toolTurns('Asked');
    const run = await runSwitchboard(['chat', '--config', config, '--data-dir', path.join(root, 'ask'), 'echo something'], env, 'y\n');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /Tool call: fx › echo\n {2}Returns the text it was given\n {2}\(the server says: read-only \(a hint, not a guarantee\)\)\n {2}arguments: \{"text":"from the cli"\}\nAllow\?/);
    assert.match(run.stdout, /Asked \(ok: from the cli\)/);
  });

  /** The model calls `tool` once, then answers with what the tool returned. */
  function callThenEcho(tool: string, input: Record<string, unknown>): void {
    fake.script({ blocks: [{ toolUse: { name: `fx__${tool}`, input } }] }, (request) => {
      const messages = request.body!.messages as unknown as { content: { type: string; content?: { text: string }[]; is_error?: boolean }[] }[];
      const result = messages.at(-1)!.content.find((block) => block.type === 'tool_result')!;
      return { blocks: [{ text: `Got ${result.is_error ? 'an error' : 'it'}: ${result.content?.[0]?.text}` }] };
    });
  }

  test('a form a server asks for is filled in on the terminal, field by field, with its checks', async () => {
    callThenEcho('elicit_form', {});
    const typed = ['f', '', 'Ada', '200', '36', 'y', 'y'].join('\n') + '\n';
    const run = await runSwitchboard(['chat', '--config', config, '--data-dir', path.join(root, 'form'), '--approve', 'all', 'fill the form'], env, typed);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /Server "fx" asks: Tell the fixture about yourself/);
    assert.match(run.stderr, /At most 150/);
    assert.match(run.stdout, /Got it: \{"kind":"elicit","action":"accept","content":\{"name":"Ada","age":36,"subscribe":true\}\}/);
  });

  test('without a person at the terminal a form is cancelled at once, not waited on', async () => {
    callThenEcho('elicit_form', {});
    const run = await runSwitchboard(['chat', '--config', config, '--data-dir', path.join(root, 'form-eof'), '--approve', 'all', 'fill the form'], env, '');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Got it: \{"kind":"elicit","action":"cancel"\}/);
  });

  test('a sampling request is reviewed on the terminal before it goes to the model and before the reply goes back', async () => {
    // The sampling completion is the second request the API sees, between the two turns of the chat.
    fake.script({ blocks: [{ toolUse: { name: 'fx__sample', input: { prompt: 'Say hello to the fixture' } } }] }, { blocks: [{ text: 'Hello, fixture.' }] }, (request) => {
      const messages = request.body!.messages as unknown as { content: { type: string; content?: { text: string }[] }[] }[];
      const result = messages.at(-1)!.content.find((block) => block.type === 'tool_result')!;
      return { blocks: [{ text: `Got it: ${result.content?.[0]?.text}` }] };
    });
    const run = await runSwitchboard(['chat', '--config', config, '--data-dir', path.join(root, 'sample'), '--approve', 'all', 'ask for a sample'], env, 'y\ny\n');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /Server "fx" asks for a model completion.*\n {2}system: You are the fixture server's helper\.\n {2}user: Say hello to the fixture\nSend it to the model\?/);
    assert.match(run.stderr, /The model answered server "fx":\n {2}Hello, fixture\.\nReturn this answer to the server\?/);
    assert.match(run.stdout, /Got it: .*Hello, fixture\./);
  });

  test('a tool call that timed out is shown as timed out, apart from failed', async () => {
    const slowConfig = path.join(root, 'slow-mcp.json');
    writeFileSync(slowConfig, JSON.stringify({ mcpServers: { fx: { ...fixtureStdio('modern'), timeout: { call: 1, max: 1 } } } }));
    callThenEcho('slow', { ms: 10_000, steps: 2 });
    const run = await runSwitchboard(['chat', '--config', slowConfig, '--data-dir', path.join(root, 'slow'), '--approve', 'all', 'wait'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /← fx › slow: timed out \(\d+ ms\) — tool "slow" on server "fx" timed out: (ran longer than 1 s|no progress for 1 s)/);
    assert.match(run.stdout, /Got an error: The tool call timed out/);
  });

  test('a provider error exits 1 with a plain message', async () => {
    const run = await runSwitchboard(['chat', '--config', config, '--data-dir', path.join(root, 'bad'), 'hello'], {
      ...env,
      ANTHROPIC_API_KEY: 'sk-ant-wrong-cli-key-999',
    });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /switchboard: Anthropic rejected the API key \(401\)/);
    assert.ok(!run.stderr.includes('sk-ant-wrong-cli-key-999'));
  });
});
