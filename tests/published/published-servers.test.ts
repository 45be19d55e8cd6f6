// The published reference servers, used the way a person uses them: configured in mcp.json and driven through
// `switchboard call`, with what they do checked on disk rather than in their replies alone.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { publishedServer, repoRoot } from '../../electron/host/servers/test-support/manager-harness.ts';

const run = promisify(execFile);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-published-'));
after(() => rmSync(workDir, { recursive: true, force: true }));

const notes = path.join(workDir, 'notes');
const memoryFile = path.join(workDir, 'memory.jsonl');
const configPath = path.join(workDir, 'mcp.json');
const filesystem = publishedServer('filesystem');
const memory = publishedServer('memory');
writeFileSync(
  configPath,
  JSON.stringify({
    mcpServers: {
      files: { command: filesystem.command, args: [...filesystem.args, notes] },
      memory: { ...memory, env: { MEMORY_FILE_PATH: memoryFile } },
    },
  }),
);

async function call(server: string, tool: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const cli = path.join(repoRoot, 'bin', 'switchboard.mjs');
  const { stdout } = await run(
    process.execPath,
    [cli, 'call', '--config', configPath, '--data-dir', path.join(workDir, 'data'), server, tool, '--args', JSON.stringify(args), '--json'],
    { timeout: 60_000, env: { ...process.env, SWITCHBOARD_FROM_SOURCES: '1' } },
  );
  return JSON.parse(stdout) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

test('server-filesystem writes, lists and reads files inside the folder it was given, and refuses others', { timeout: 180_000 }, async () => {
  mkdirSync(notes, { recursive: true });
  const target = path.join(notes, 'todo.md');
  await call('files', 'write_file', { path: target, content: '# Todo\n- water the plants\n' });
  assert.equal(readFileSync(target, 'utf8'), '# Todo\n- water the plants\n');

  const listing = await call('files', 'list_directory', { path: notes });
  assert.match(text(listing), /\[FILE\] todo\.md/);

  const read = await call('files', 'read_text_file', { path: target });
  assert.match(text(read), /water the plants/);

  const outside = path.join(workDir, 'outside.txt');
  const refused = await call('files', 'write_file', { path: outside, content: 'nope' }).catch((error: { stdout?: string }) =>
    JSON.parse(error.stdout ?? '{}') as CallToolResult,
  );
  assert.equal(refused.isError, true);
  assert.equal(existsSync(outside), false);
});

test('server-memory keeps a knowledge graph in its file across separate runs', { timeout: 180_000 }, async () => {
  await call('memory', 'create_entities', {
    entities: [{ name: 'Ada', entityType: 'person', observations: ['prefers tea', 'writes compilers'] }],
  });
  assert.match(readFileSync(memoryFile, 'utf8'), /"name":"Ada"/);

  // A new process, a new server: what it finds came from the file.
  const found = await call('memory', 'search_nodes', { query: 'compilers' });
  assert.match(text(found), /Ada/);
  assert.match(text(found), /prefers tea/);
});
