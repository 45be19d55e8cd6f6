import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callTimeoutsOf } from './call-timeouts.ts';
import { parseServerEntry } from './server-config.ts';

test('timeouts default to 60 s without progress and 10 min in all', () => {
  assert.deepEqual(callTimeoutsOf(undefined), { idleMs: 60_000, maxMs: 600_000 });
  assert.deepEqual(callTimeoutsOf({ call: 0.5 }), { idleMs: 500, maxMs: 600_000 });
  assert.deepEqual(callTimeoutsOf({ call: 900 }), { idleMs: 900_000, maxMs: 900_000 }, 'the maximum is never below the call timeout');
  assert.deepEqual(callTimeoutsOf(30_000), { idleMs: 30_000, maxMs: 600_000 }, 'a plain number is milliseconds, as other hosts write it');
});

test('an entry with a timeout parses; a bad one says what is wrong', () => {
  const ok = parseServerEntry('a', { command: 'node', timeout: { call: 60, max: 600 } });
  assert.ok(ok.ok && 'timeout' in ok.config && ok.config.timeout);
  const shorter = parseServerEntry('a', { url: 'https://example.com/mcp', timeout: { call: 60, max: 10 } });
  assert.equal(shorter.ok, false);
  assert.match(!shorter.ok ? shorter.error : '', /timeout\.max cannot be shorter than timeout\.call/);
  const negative = parseServerEntry('a', { command: 'node', timeout: { call: -1 } });
  assert.match(!negative.ok ? negative.error : '', /mcpServers\.a\.timeout/);
});
