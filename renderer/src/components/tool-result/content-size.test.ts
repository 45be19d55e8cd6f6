import { assert, test } from '../../test-support/node-test.mjs';
import { base64Bytes, formatBytes, formatDuration, isSafeMediaType } from './content-size.ts';

test('base64Bytes matches the decoded length', () => {
  for (const text of ['', 'a', 'ab', 'abc', 'abcd', 'hello world!']) {
    assert.equal(base64Bytes(btoa(text)), text.length);
  }
  assert.equal(base64Bytes('aGVs\nbG8='), 5);
});

test('formatBytes and formatDuration', () => {
  assert.equal(formatBytes(512), '512 B');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(50 * 1024 * 1024), '50 MB');
  assert.equal(formatDuration(42.4), '42 ms');
  assert.equal(formatDuration(1234), '1.23 s');
  assert.equal(formatDuration(61_000), '1 min 1 s');
});

test('image and audio types a browser renders inertly are allowed, others are not', () => {
  assert.equal(isSafeMediaType('image/png', 'image'), true);
  assert.equal(isSafeMediaType('image/svg+xml', 'image'), true);
  assert.equal(isSafeMediaType('IMAGE/PNG; charset=binary', 'image'), true);
  assert.equal(isSafeMediaType('text/html', 'image'), false);
  assert.equal(isSafeMediaType('audio/wav', 'audio'), true);
  assert.equal(isSafeMediaType(undefined, 'audio'), false);
});
