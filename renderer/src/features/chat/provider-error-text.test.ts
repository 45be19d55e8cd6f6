import { assert, test } from '../../test-support/node-test.mjs';
import { describeProviderError, secondsUntil } from './provider-error-text.ts';

test('key problems point to Settings; passing troubles offer a retry', () => {
  assert.equal(describeProviderError({ kind: 'auth', message: 'invalid x-api-key', status: 401 }, 0).action, 'settings');
  assert.equal(describeProviderError({ kind: 'no_api_key', message: 'none' }, 0).action, 'settings');
  for (const kind of ['overloaded', 'network', 'stream', 'server', 'unknown'] as const) {
    assert.equal(describeProviderError({ kind, message: '' }, 0).action, 'retry', kind);
  }
});

test('a rate limit says how long to wait and when a retry makes sense', () => {
  const text = describeProviderError({ kind: 'rate_limit', message: 'slow down', retryAfterSeconds: 7 }, 10_000);
  assert.equal(text.retryAt, 17_000);
  assert.match(text.advice, /7 s/);
  assert.equal(secondsUntil(text.retryAt, 12_100), 5);
  assert.equal(secondsUntil(text.retryAt, 20_000), 0);
  assert.equal(describeProviderError({ kind: 'rate_limit', message: '' }, 0).retryAt, undefined);
});
