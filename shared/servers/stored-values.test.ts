import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseServerEntry } from './server-config.ts';
import { findStoredValues, redactEntries, redactEntry, STORED_VALUE } from './stored-values.ts';

test('every env and header value is replaced by the marker; keys and everything else stay', () => {
  const stdio = { command: 'npx', args: ['-y', 'pkg'], env: { TOKEN: 'sk-1', EMPTY: '' }, cwd: '/tmp', disabled: true };
  assert.deepEqual(redactEntry(stdio), { ...stdio, env: { TOKEN: STORED_VALUE, EMPTY: STORED_VALUE } });
  const remote = { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' }, note: 'kept' };
  assert.deepEqual(redactEntry(remote), { ...remote, headers: { Authorization: STORED_VALUE } });
  assert.deepEqual(stdio.env, { TOKEN: 'sk-1', EMPTY: '' }, 'the stored entry is not changed');
});

test('an env or headers field that is not an object is replaced whole; other values of any type are hidden too', () => {
  assert.deepEqual(redactEntry({ command: 'x', env: 'TOKEN=sk-1' }), { command: 'x', env: STORED_VALUE });
  assert.deepEqual(redactEntry({ url: 'u', headers: ['Authorization: Bearer t'] }), { url: 'u', headers: STORED_VALUE });
  assert.deepEqual(redactEntry({ command: 'x', env: { N: 5, O: { deep: 'sk' } } }), { command: 'x', env: { N: STORED_VALUE, O: STORED_VALUE } });
  assert.equal(redactEntry('not an entry'), 'not an entry');
  assert.deepEqual(redactEntries({ a: { command: 'x', env: { K: 'v' } }, b: { url: 'u' } }), {
    a: { command: 'x', env: { K: STORED_VALUE } },
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
