import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHeaderLines, tracesUrlFor } from './otlp-endpoint.ts';

test('a base endpoint gets /v1/traces, a traces URL is used as it is', () => {
  assert.equal(tracesUrlFor('http://localhost:4318'), 'http://localhost:4318/v1/traces');
  assert.equal(tracesUrlFor(' http://127.0.0.1:4318/ '), 'http://127.0.0.1:4318/v1/traces');
  assert.equal(tracesUrlFor('http://[::1]:4318/otlp'), 'http://[::1]:4318/otlp/v1/traces');
  assert.equal(tracesUrlFor('https://collector.example.com/v1/traces'), 'https://collector.example.com/v1/traces');
  assert.equal(tracesUrlFor('https://collector.example.com/tenant/v1/traces?region=eu'), 'https://collector.example.com/tenant/v1/traces?region=eu');
});

test('plain http leaves this computer only over https; other schemes, credentials and fragments are refused', () => {
  assert.throws(() => tracesUrlFor('http://10.0.0.5:4318'), /Plain http is allowed only to this computer/);
  assert.throws(() => tracesUrlFor('http://localhost.example.com:4318'), /Plain http/);
  assert.throws(() => tracesUrlFor('grpc://localhost:4317'), /must be an http or https address/);
  assert.throws(() => tracesUrlFor('https://me:secret@collector.example.com'), (error: Error) => !error.message.includes('secret'));
  assert.throws(() => tracesUrlFor('https://collector.example.com/#x'), /fragment/);
  assert.throws(() => tracesUrlFor('localhost:4318'), /http or https|not a URL/);
});

test('header lines: Name: value each, blank lines skipped; a bad line is named by number, never by its value', () => {
  assert.deepEqual(parseHeaderLines('Authorization: Bearer abc:def\n\n x-tenant : blue \n'), { Authorization: 'Bearer abc:def', 'x-tenant': 'blue' });
  assert.deepEqual(parseHeaderLines(''), {});
  assert.throws(() => parseHeaderLines('Authorization Bearer hunter2'), (error: Error) => /line 1/.test(error.message) && !error.message.includes('hunter2'));
  assert.throws(() => parseHeaderLines('ok: 1\nbad name: hunter2'), /line 2/);
});
