import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STORED_VALUE } from '../../../shared/servers/stored-values.ts';
import { keepStoredValues } from './stored-values.ts';

const stored = { command: 'npx', args: ['old'], env: { TOKEN: 'sk-stored', REGION: 'eu' } };

test('a marker keeps the stored value, a new value replaces it, a key left out is removed', () => {
  const incoming = { command: 'npx', args: ['new'], env: { TOKEN: STORED_VALUE, REGION: 'us', ADDED: 'a' } };
  assert.deepEqual(keepStoredValues('s', incoming, stored), { command: 'npx', args: ['new'], env: { TOKEN: 'sk-stored', REGION: 'us', ADDED: 'a' } });
  assert.deepEqual(keepStoredValues('s', { command: 'npx', env: { REGION: STORED_VALUE } }, stored), { command: 'npx', env: { REGION: 'eu' } });
  assert.deepEqual(keepStoredValues('s', { command: 'npx' }, stored), { command: 'npx' });
  assert.equal(incoming.env.TOKEN, STORED_VALUE, 'the request is not changed');
});

test('headers work the same; a whole-field marker keeps the whole stored field', () => {
  const remote = { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t', 'X-Team': 'blue' } };
  assert.deepEqual(keepStoredValues('r', { url: 'https://example.com/v2', headers: { Authorization: STORED_VALUE } }, remote), {
    url: 'https://example.com/v2',
    headers: { Authorization: 'Bearer t' },
  });
  assert.deepEqual(keepStoredValues('r', { url: 'u', headers: STORED_VALUE }, remote), { url: 'u', headers: remote.headers });
  assert.deepEqual(keepStoredValues('x', { command: 'x', env: STORED_VALUE }, { command: 'x', env: 'TOKEN=1' }), { command: 'x', env: 'TOKEN=1' });
});

test('a marker with nothing to stand for is refused with the path to it and never the stored values', () => {
  assert.throws(() => keepStoredValues('fresh', { command: 'x', env: { TOKEN: STORED_VALUE } }, undefined), {
    code: 'invalid_params',
    message: 'mcpServers.fresh.env.TOKEN: a new server has no stored value to keep; enter the value',
  });
  assert.throws(() => keepStoredValues('s', { command: 'npx', env: { OTHER: STORED_VALUE } }, stored), {
    code: 'invalid_params',
    message: 'mcpServers.s.env.OTHER: no value is stored for OTHER; enter the value',
  });
  assert.throws(() => keepStoredValues('s', { url: 'u', headers: { A: STORED_VALUE } }, stored), {
    message: 'mcpServers.s.headers.A: no value is stored for A; enter the value',
  });
  assert.throws(() => keepStoredValues('s', { command: 'x', headers: STORED_VALUE }, stored), {
    message: 'mcpServers.s.headers: no value is stored for headers; enter the value',
  });
  assert.throws(() => keepStoredValues('s', { command: 'npx', args: [STORED_VALUE] }, stored), {
    message: 'mcpServers.s.args.0: only env and headers values can be kept as stored; enter the value',
  });
  assert.throws(() => keepStoredValues('s', { command: 'npx', env: { TOKEN: { nested: STORED_VALUE } } }, stored), {
    message: 'mcpServers.s.env.TOKEN.nested: only env and headers values can be kept as stored; enter the value',
  });
});

test('only own keys of the stored entry count', () => {
  assert.throws(() => keepStoredValues('s', { command: 'x', env: { toString: STORED_VALUE } }, stored), { code: 'invalid_params' });
  assert.throws(() => keepStoredValues('s', { command: 'x', env: JSON.parse(`{"__proto__": ${JSON.stringify(STORED_VALUE)}}`) }, { command: 'x', env: {} }), { code: 'invalid_params' });
});
