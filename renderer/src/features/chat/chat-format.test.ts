import { assert, test } from '../../test-support/node-test.mjs';
import { formatUsage } from './chat-format.ts';

test('usage names cache reads and writes only when there were any', () => {
  assert.equal(formatUsage({ inputTokens: 1234, outputTokens: 56, cacheReadTokens: 0, cacheCreationTokens: 0 }), '1,234 in · 56 out');
  assert.equal(
    formatUsage({ inputTokens: 10, outputTokens: 2, cacheReadTokens: 2048, cacheCreationTokens: 5 }),
    '10 in · 2 out · 2,048 cache read · 5 cache write',
  );
});
