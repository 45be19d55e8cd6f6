import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineSplitter } from './line-splitter.ts';

function split(chunks: string[], maxLine?: number): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => lines.push(line), maxLine);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return lines;
}

test('lines are joined across chunks and a trailing \\r is dropped', () => {
  assert.deepEqual(split(['one\r\ntw', 'o\nthree']), ['one', 'two', 'three']);
});

test('an overlong line is one line, cut once, saying how much was left out', () => {
  const lines = split(['a'.repeat(6), 'b'.repeat(10), 'c\nnext\n'], 8);
  assert.deepEqual(lines, ['aaaaaabb… (9 more characters)', 'next']);
});

test('a line of a megabyte is one entry, not a hundred', () => {
  const lines = split(['x'.repeat(1_000_000), '\n']);
  assert.equal(lines.length, 1);
  assert.match(lines[0], /… \(991808 more characters\)$/);
});
