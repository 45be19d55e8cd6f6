import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl, redactUrlsIn } from './redact-url.ts';

test('an address keeps scheme, host, port and path; query, fragment and user:password go', () => {
  assert.equal(redactUrl('https://api.example.com/mcp'), 'https://api.example.com/mcp');
  assert.equal(redactUrl('http://127.0.0.1:1/mcp?api_key=SECRET'), 'http://127.0.0.1:1/mcp?…');
  assert.equal(redactUrl('https://user:pass@example.com:8443/a/b#token=x'), 'https://example.com:8443/a/b?…');
  assert.equal(redactUrl('https://token@example.com/'), 'https://example.com/');
  assert.equal(redactUrl('weird://user:pw@host/x?k=v'), 'weird://host/x?…');
  assert.equal(redactUrl('not a url?k=SECRET'), 'not a url?…');
});

test('every address in a message is redacted; the words and punctuation around it stay', () => {
  assert.equal(
    redactUrlsIn('could not connect to http://127.0.0.1:1/mcp?api_key=SECRET: fetch failed'),
    'could not connect to http://127.0.0.1:1/mcp?…: fetch failed',
  );
  assert.equal(
    redactUrlsIn('Request cannot be constructed from a URL that includes credentials: http://alice:pw@h/mcp.'),
    'Request cannot be constructed from a URL that includes credentials: http://h/mcp.',
  );
  assert.equal(redactUrlsIn('(see https://a.example/x?t=1) and https://b.example/y'), '(see https://a.example/x?…) and https://b.example/y');
  assert.equal(redactUrlsIn('no address here'), 'no address here');
});
