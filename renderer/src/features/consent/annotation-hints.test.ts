import { assert, test } from '../../test-support/node-test.mjs';
import { hintLines } from './annotation-hints.ts';

const names = (lines: ReturnType<typeof hintLines>) => lines.map((line) => `${line.name}:${line.tone}`);

test('declared hints become plain claims; undeclared ones are left out', () => {
  assert.deepEqual(hintLines(undefined), []);
  assert.deepEqual(hintLines({}), []);
  assert.deepEqual(names(hintLines({ title: 'Delete file', destructiveHint: true, openWorldHint: false })), [
    'title:neutral',
    'destructiveHint:danger',
    'openWorldHint:neutral',
  ]);
});

test('destructive and idempotent hints are ignored on a tool that says it is read-only', () => {
  assert.deepEqual(names(hintLines({ readOnlyHint: true, destructiveHint: true, idempotentHint: true })), ['readOnlyHint:ok']);
  assert.deepEqual(names(hintLines({ readOnlyHint: false, idempotentHint: true })), ['readOnlyHint:warning', 'idempotentHint:neutral']);
});
