import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { publishedServer } from '../servers/test-support/manager-harness.ts';

const bin = fileURLToPath(new URL('../../../bin/switchboard.mjs', import.meta.url));
const API_KEY = 'sk-ant-cli-context-5522';

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, SWITCHBOARD_FROM_SOURCES: '1', ...env };
    delete childEnv.SWITCHBOARD_DEBUG;
    const child = spawn(process.execPath, [bin, ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('switchboard prompt and chat --attach', () => {
  let fake: FakeAnthropic;
  let root: string;
  let config: string;

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    root = mkdtempSync(path.join(os.tmpdir(), 'sb-cli-context-'));
    config = path.join(root, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fx: fixtureStdio('modern'), everything: publishedServer('everything') } }));
  });

  after(async () => {
    await fake?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("prompt prints a prompt's messages under their roles, and names missing arguments", async () => {
    const dataDir = path.join(root, 'data-prompt');
    const printed = await run(['prompt', '--config', config, '--data-dir', dataDir, 'everything', 'completable-prompt', '--args', '{"department":"Sales","name":"Eve"}']);
    assert.equal(printed.code, 0, printed.stderr);
    assert.equal(printed.stdout, '[user]\nPlease promote Eve to the head of the Sales team.\n');
    const missing = await run(['prompt', '--config', config, '--data-dir', dataDir, 'everything', 'completable-prompt', '--args', '{"department":"Sales"}']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /prompt "completable-prompt" needs "name" in --args/);
  });

  test('chat --attach reads each resource (SERVER:URI, or a URI only one server lists) and sends it with the prompt', async () => {
    fake.script({ blocks: [{ text: 'Both attached.' }] });
    const result = await run(
      ['chat', '--config', config, '--data-dir', path.join(root, 'data-chat'), '--approve', 'none', '--attach', 'fixture://readme', '--attach', 'everything:demo://resource/dynamic/text/5', 'What do these say?'],
      { ANTHROPIC_BASE_URL: fake.baseURL, ANTHROPIC_API_KEY: API_KEY },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Both attached.\n');
    assert.match(result.stderr, /attached fixture:\/\/readme from fx/);
    assert.match(result.stderr, /attached demo:\/\/resource\/dynamic\/text\/5 from everything/);
    const sent = JSON.stringify(fake.messageRequests.at(-1)?.body?.messages);
    assert.match(sent, /# Fixture server/);
    assert.match(sent, /Resource 5: This is a plaintext resource/);
    assert.match(sent, /What do these say\?/);
  });

  test('a bare URI no server lists, with two servers offering resources, asks for SERVER:URI', async () => {
    const result = await run(['chat', '--config', config, '--data-dir', path.join(root, 'data-ambiguous'), '--attach', 'demo://nowhere', 'hi'], {
      ANTHROPIC_BASE_URL: fake.baseURL,
      ANTHROPIC_API_KEY: API_KEY,
    });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /more than one server could hold it \(everything, fx\); write SERVER:URI/);
  });
});
