import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LoginShellPathCache } from './login-shell-path-cache.ts';

function controlledReader(): { read: () => Promise<string | undefined>; calls: () => number; answer: (value: string | undefined) => void } {
  let calls = 0;
  let answer: (value: string | undefined) => void = () => {};
  return {
    read: () => {
      calls += 1;
      return new Promise((resolve) => {
        answer = resolve;
      });
    },
    calls: () => calls,
    answer: (value) => answer(value),
  };
}

test('a spawn does not wait past the bound for a slow shell, and says it uses the inherited PATH', async () => {
  const reader = controlledReader();
  const cache = new LoginShellPathCache(reader.read, { waitMs: 20 });
  cache.warm();
  const first = await cache.forSpawn();
  assert.equal(first.path, undefined);
  assert.match(first.note ?? '', /had not given its PATH after 20 ms; starting with the inherited PATH/);
  // The one read started by warm() is still the one under way: spawns never start a second.
  await cache.forSpawn();
  assert.equal(reader.calls(), 1);
  reader.answer('/login/bin:/usr/bin');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(await cache.forSpawn(), { path: '/login/bin:/usr/bin' });
  assert.equal(reader.calls(), 1);
});

test('the value is read once, refreshed in the background when old or when a command was not found', async () => {
  let now = 0;
  let calls = 0;
  const values = ['/first', '/second', '/third'];
  const cache = new LoginShellPathCache(async () => values[calls++], { waitMs: 1_000, maxAgeMs: 60_000, now: () => now });
  assert.deepEqual(await cache.forSpawn(), { path: '/first' });
  assert.deepEqual(await cache.forSpawn(), { path: '/first' });
  assert.equal(calls, 1);
  now = 61_000;
  // Old: this spawn still gets the value it has, and a read starts beside it.
  assert.deepEqual(await cache.forSpawn(), { path: '/first' });
  assert.equal(calls, 2);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(await cache.forSpawn(), { path: '/second' });
  assert.equal(await cache.commandNotFound(), '/third');
  assert.deepEqual(await cache.forSpawn(), { path: '/third' });
});

test('a failed read keeps the last good value and is not retried by every spawn', async () => {
  let calls = 0;
  let now = 0;
  const cache = new LoginShellPathCache(
    async () => {
      calls += 1;
      if (calls === 2) throw new Error('shell broke');
      return calls === 1 ? '/good' : undefined;
    },
    { maxAgeMs: 10, now: () => now },
  );
  assert.equal((await cache.forSpawn()).path, '/good');
  now = 20;
  await cache.forSpawn();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal((await cache.forSpawn()).path, '/good');
  assert.equal(calls, 2);
});
