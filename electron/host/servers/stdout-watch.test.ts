import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeOversize, formatBytes, StdoutWatch } from './stdout-watch.ts';

function watch(limit = 1_000): { watch: StdoutWatch; reports: string[] } {
  const reports: string[] = [];
  return { watch: new StdoutWatch((line) => reports.push(line), limit), reports };
}

test('JSON lines of any length within the limit are not reported, however they are chunked', () => {
  const { watch: w, reports } = watch(100_000);
  const line = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(50_000) } })}\n`);
  for (let at = 0; at < line.length; at += 8_192) w.push(line.subarray(at, at + 8_192));
  w.push(Buffer.from('\n  \r\n'));
  assert.deepEqual(reports, []);
  assert.equal(w.oversize, undefined);
});

test('a line that is not JSON is reported once, cut to 500 characters, with what was left out', () => {
  const { watch: w, reports } = watch(100_000);
  w.push(Buffer.from('y'.repeat(3_000)));
  w.push(Buffer.from('y'.repeat(3_000)));
  w.push(Buffer.from('\n{ broken\r\n'));
  assert.deepEqual(reports, [`${'y'.repeat(500)}… (5.4 KB more)`, '{ broken']);
});

test('a message over the limit is noticed on the chunk that breaks it, and sized when it ends', () => {
  const { watch: w, reports } = watch(1_000);
  w.push(Buffer.from(`{"a":"${'z'.repeat(900)}`));
  assert.equal(w.oversize, undefined);
  w.push(Buffer.from('z'.repeat(200)));
  assert.deepEqual(w.oversize, { bytes: 906, complete: false, limit: 1_000 });
  w.push(Buffer.from(`${'z'.repeat(500)}"}\nnext\n`));
  assert.deepEqual(w.oversize, { bytes: 1_608, complete: true, limit: 1_000 });
  assert.deepEqual(reports, ['next'], 'the big message itself is not reported as noise');
});

test('sizes read as people read them', () => {
  assert.equal(formatBytes(512), '512 bytes');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(11 * 1024 * 1024), '11.0 MB');
  assert.equal(
    describeOversize({ bytes: 11 * 1024 * 1024, complete: false, limit: 10 * 1024 * 1024 }),
    'sent a message too big to accept (more than 11.0 MB; the limit is 10.0 MB)',
  );
});
