import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseClientMessage, parseHostMessage } from '../../../shared/api/wire-protocol.ts';

test('a well-formed call parses', () => {
  const parsed = parseClientMessage(JSON.stringify({ type: 'call', id: 7, method: 'servers.list', params: {} }));
  assert.deepEqual(parsed, { ok: true, message: { type: 'call', id: 7, method: 'servers.list', params: {} } });
});

test('text that is not JSON is reported as such', () => {
  const parsed = parseClientMessage('{nope');
  assert.equal(parsed.ok, false);
  assert.equal(!parsed.ok && parsed.notJson, true);
});

test('a malformed call keeps its id so the error can be matched', () => {
  const parsed = parseClientMessage(JSON.stringify({ type: 'call', id: 3, method: 42 }));
  assert.equal(parsed.ok, false);
  assert.equal(!parsed.ok && parsed.id, 3);
  assert.match(!parsed.ok ? parsed.problem : '', /method/);
});

test('a message without a usable id gets a null id', () => {
  for (const text of ['[]', '"call"', JSON.stringify({ type: 'call', id: -1, method: 'x' }), JSON.stringify({ type: 'call', id: 1.5, method: 'x' })]) {
    const parsed = parseClientMessage(text);
    assert.equal(parsed.ok, false, text);
    assert.equal(!parsed.ok && parsed.id, null, text);
  }
});

test('extra keys on a call are refused', () => {
  assert.equal(parseClientMessage(JSON.stringify({ type: 'call', id: 1, method: 'm', params: {}, extra: true })).ok, false);
});

test('host messages of each kind parse, unknown kinds and error codes do not', () => {
  assert.equal(parseHostMessage(JSON.stringify({ type: 'result', id: 1, result: [1] })).ok, true);
  assert.equal(parseHostMessage(JSON.stringify({ type: 'error', id: null, error: { code: 'internal', message: 'x' } })).ok, true);
  assert.equal(parseHostMessage(JSON.stringify({ type: 'event', event: 'servers.changed', payload: [] })).ok, true);
  assert.equal(parseHostMessage(JSON.stringify({ type: 'error', id: 1, error: { code: 'made_up', message: 'x' } })).ok, false);
  assert.equal(parseHostMessage(JSON.stringify({ type: 'hello' })).ok, false);
});
