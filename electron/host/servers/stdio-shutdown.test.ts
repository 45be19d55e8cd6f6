import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { endStdioProcess } from './stdio-shutdown.ts';

/** A Node child running `script`, with its stdio piped the way the SDK's stdio transport pipes a server's. */
function child(script: string) {
  const process_ = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  const ready = new Promise<void>((resolve) => process_.stdout.once('data', () => resolve()));
  process_.stdout.resume();
  return { process: process_, ready };
}

const GRACE_MS = 300;

test('a server that exits when its input closes is not signalled', async () => {
  const server = child('process.stdout.write("up\\n"); process.stdin.resume(); process.stdin.on("end", () => process.exit(0))');
  await server.ready;
  const notes: string[] = [];
  // A grace no loaded machine exceeds: this one ends on its own, and must not be signalled.
  await endStdioProcess(server.process, 60_000, (text) => notes.push(text));
  assert.deepEqual(notes, []);
  assert.equal(server.process.exitCode, 0);
});

test('a server that ignores the end of its input gets SIGTERM, and that is noted', async () => {
  const server = child('process.stdout.write("up\\n"); process.stdin.resume(); setInterval(() => {}, 60_000)');
  await server.ready;
  const notes: string[] = [];
  await endStdioProcess(server.process, GRACE_MS, (text) => notes.push(text));
  assert.deepEqual(notes, ['the server did not exit within 300 ms of its input closing; sending SIGTERM']);
  assert.equal(server.process.signalCode, 'SIGTERM');
});

test('a server that also ignores SIGTERM gets SIGKILL', async () => {
  const server = child('process.on("SIGTERM", () => {}); process.stdout.write("up\\n"); process.stdin.resume(); setInterval(() => {}, 60_000)');
  await server.ready;
  const notes: string[] = [];
  await endStdioProcess(server.process, GRACE_MS, (text) => notes.push(text));
  assert.deepEqual(notes, [
    'the server did not exit within 300 ms of its input closing; sending SIGTERM',
    'the server did not exit within 300 ms of SIGTERM; sending SIGKILL',
  ]);
  assert.equal(server.process.signalCode, 'SIGKILL');
});
