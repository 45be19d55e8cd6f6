import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseServerEntry } from './server-config.ts';
import { secretRef } from './secret-ref.ts';
import { findStoredValues, isStoredValue, redactEntries, redactEntry, STORED_VALUE, WRITTEN_VALUE } from './stored-values.ts';

test('every env and header value is replaced by a marker that says where it is; keys and everything else stay', () => {
  const ref = secretRef('abcdefgh1234');
  const stdio = { command: 'npx', args: ['-y', 'pkg'], env: { TOKEN: 'sk-1', EMPTY: '', KEPT: ref }, cwd: '/tmp', disabled: true };
  assert.deepEqual(redactEntry(stdio), { ...stdio, env: { TOKEN: WRITTEN_VALUE, EMPTY: WRITTEN_VALUE, KEPT: STORED_VALUE } });
  const remote = { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' }, note: 'kept' };
  assert.deepEqual(redactEntry(remote), { ...remote, headers: { Authorization: WRITTEN_VALUE } });
  assert.ok(isStoredValue(STORED_VALUE) && isStoredValue(WRITTEN_VALUE), 'both markers mean "keep"');
  assert.deepEqual(stdio.env, { TOKEN: 'sk-1', EMPTY: '', KEPT: ref }, 'the stored entry is not changed');
});

test('an env or headers field that is not an object is replaced whole; other values of any type are hidden too', () => {
  assert.deepEqual(redactEntry({ command: 'x', env: 'TOKEN=sk-1' }), { command: 'x', env: WRITTEN_VALUE });
  assert.deepEqual(redactEntry({ url: 'u', headers: ['Authorization: Bearer t'] }), { url: 'u', headers: WRITTEN_VALUE });
  assert.deepEqual(redactEntry({ command: 'x', env: { N: 5, O: { deep: 'sk' } } }), { command: 'x', env: { N: WRITTEN_VALUE, O: WRITTEN_VALUE } });
  assert.equal(redactEntry('not an entry'), 'not an entry');
  assert.deepEqual(redactEntries({ a: { command: 'x', env: { K: 'v' } }, b: { url: 'u' } }), {
    a: { command: 'x', env: { K: WRITTEN_VALUE } },
    b: { url: 'u' },
  });
});

test('the marker can never pass as a real env or header value', () => {
  assert.match(STORED_VALUE, /\0/);
  const env = parseServerEntry('s', { command: 'x', env: { TOKEN: STORED_VALUE } });
  assert.equal(env.ok, false);
  const headers = parseServerEntry('s', { url: 'https://example.com', headers: { Authorization: STORED_VALUE } });
  assert.equal(headers.ok, false);
});

test('findStoredValues reports every place the marker is', () => {
  assert.deepEqual(findStoredValues({ args: ['a', STORED_VALUE], env: { K: STORED_VALUE }, headers: STORED_VALUE }), [
    ['args', 1],
    ['env', 'K'],
    ['headers'],
  ]);
  assert.deepEqual(findStoredValues({ env: { K: 'v' } }), []);
});
