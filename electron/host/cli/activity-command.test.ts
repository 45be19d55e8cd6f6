import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { parseSince } from './activity-command.ts';

const bin = fileURLToPath(new URL('../../../bin/switchboard.mjs', import.meta.url));

function switchboard(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, SWITCHBOARD_FROM_SOURCES: '1' };
  delete env.SWITCHBOARD_DEBUG;
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

test('--since takes a number and a unit', () => {
  assert.equal(parseSince('24h'), 86_400_000);
  assert.equal(parseSince('7d'), 7 * 86_400_000);
  assert.equal(parseSince('30m'), 1_800_000);
  assert.throws(() => parseSince('yesterday'), /--since must be a number and a unit/);
});

describe('switchboard activity: what `switchboard call` did, as a table and as JSON Lines', () => {
  let root: string;
  let dataDir: string;

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-activity-'));
    dataDir = path.join(root, 'data');
    const config = path.join(root, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fixture: fixtureStdio('modern') } }));
    const call = (tool: string, args: object) => switchboard(['call', '--config', config, '--data-dir', dataDir, 'fixture', tool, '--args', JSON.stringify(args)]);
    assert.equal((await call('echo', { text: 'hello', api_key: 'k-123456789' })).code, 0);
    assert.equal((await call('fail', {})).code, 3);
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  test('the table lists the calls newest first, made by the CLI and allowed by the person', async () => {
    const run = await switchboard(['activity', '--data-dir', dataDir]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.match(lines[0], /^TIME\s+SERVER\s+TOOL\s+SOURCE\s+APPROVAL\s+OUTCOME\s+MS\s+ERROR$/);
    assert.equal(lines.length, 3);
    assert.match(lines[1], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}fixture\s+fail\s+cli\s+person\s+tool-error\s+\d+ {2}this tool always fails$/);
    assert.match(lines[2], /fixture\s+echo\s+cli\s+person\s+ok\s+\d+$/);
  });

  test('filters by outcome, server, tool and time', async () => {
    const errors = await switchboard(['activity', '--data-dir', dataDir, '--outcome', 'tool-error']);
    assert.equal(errors.stdout.trimEnd().split('\n').length, 2);
    const byTool = await switchboard(['activity', '--data-dir', dataDir, '--tool', 'echo', '--since', '1h']);
    assert.equal(byTool.stdout.trimEnd().split('\n').length, 2);
    const none = await switchboard(['activity', '--data-dir', dataDir, '--server', 'other']);
    assert.equal(none.stdout, 'No tool calls recorded that match.\n');
    const bad = await switchboard(['activity', '--data-dir', dataDir, '--outcome', 'exploded']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown outcome "exploded"/);
  });

  test('--jsonl prints each call with its redacted arguments, oldest first', async () => {
    const run = await switchboard(['activity', '--data-dir', dataDir, '--jsonl']);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(lines.map((line) => [line.tool, line.source, line.approval, line.outcome]), [
      ['echo', 'cli', 'person', 'ok'],
      ['fail', 'cli', 'person', 'tool-error'],
    ]);
    assert.deepEqual(lines[0].arguments, { text: 'hello', api_key: '[redacted]' });
  });
});
