import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResourceUpdate } from '../../../shared/context/context-types.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { Host } from '../host.ts';

function updates(host: Host): { seen: ResourceUpdate[]; next(uri: string, timeoutMs?: number): Promise<ResourceUpdate>; stop(): void } {
  const seen: ResourceUpdate[] = [];
  const waiters: { uri: string; resolve: (update: ResourceUpdate) => void }[] = [];
  const stop = host.on('context.resourceUpdated', (update) => {
    seen.push(update);
    for (const waiter of waiters.filter((candidate) => candidate.uri === update.uri)) waiter.resolve(update);
  });
  return {
    seen,
    stop,
    next: (uri, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no update of ${uri}`)), timeoutMs);
        waiters.push({ uri, resolve: (update) => (clearTimeout(timer), resolve(update)) });
      }),
  };
}

// The fixtures with `--context`: resource subscriptions (over `subscriptions/listen` on 2026-07-28, with
// `resources/subscribe` on 2025) and completion of the template's `id`.
for (const era of ['modern', 'legacy'] as const) describe(`context on a ${era === 'modern' ? '2026-07-28' : '2025-era'} server`, () => {
  let host: Host;
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-context-modern-'));
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: fixtureStdio(era, ['--context']) } }));
    host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
    const [state] = await host.servers.settled(30_000);
    assert.equal(state?.status, 'connected', state?.reason);
    assert.equal(state?.era, era);
  });

  after(async () => {
    await host?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("completion/complete proposes the template's ids", async () => {
    const result = await host.call('context.complete', { server: 'fx', ref: { type: 'ref/resource', uri: 'fixture://items/{id}' }, argument: { name: 'id', value: '1' } });
    assert.deepEqual((result as { values: string[] }).values, ['1', '12', '123']);
    assert.deepEqual(await host.call('context.expand', { uriTemplate: 'fixture://items/{id}', values: { id: '12' } }), { uri: 'fixture://items/12' });
  });

  test('watched resources are subscribed; updates arrive only for them, and stop after unwatching', async () => {
    const events = updates(host);
    try {
      assert.deepEqual(await host.call('context.watch', { server: 'fx', uri: 'fixture://readme', watcher: 'chip' }), { subscribed: true });
      assert.deepEqual(await host.call('context.watch', { server: 'fx', uri: 'fixture://items/12', watcher: 'preview' }), { subscribed: true });
      const readme = events.next('fixture://readme');
      await host.servers.callTool('fx', 'touch_resource', { uri: 'fixture://readme' });
      assert.equal((await readme).server, 'fx');
      const item = events.next('fixture://items/12');
      await host.servers.callTool('fx', 'touch_resource', { uri: 'fixture://items/12' });
      await item;
      await host.servers.callTool('fx', 'touch_resource', { uri: 'fixture://config' });

      await host.call('context.unwatch', { server: 'fx', uri: 'fixture://readme', watcher: 'chip' });
      await host.servers.callTool('fx', 'touch_resource', { uri: 'fixture://readme' });
      const stillItem = events.next('fixture://items/12');
      await host.servers.callTool('fx', 'touch_resource', { uri: 'fixture://items/12' });
      await stillItem;
      assert.deepEqual(
        events.seen.map((update) => update.uri),
        ['fixture://readme', 'fixture://items/12', 'fixture://items/12'],
      );
    } finally {
      events.stop();
      await host.call('context.unwatch', { server: 'fx', uri: 'fixture://items/12', watcher: 'preview' });
    }
  });

  test('a watch survives a restart of the server: the new connection subscribes again', async () => {
    const events = updates(host);
    try {
      await host.call('context.watch', { server: 'fx', uri: 'fixture://config', watcher: 'chip-2' });
      await host.call('servers.restart', { server: 'fx' });
      const deadline = Date.now() + 10_000;
      let seen = false;
      while (!seen && Date.now() < deadline) {
        const next = events.next('fixture://config', 500).then(() => true, () => false);
        await host.servers.callTool('fx', 'touch_resource', { uri: 'fixture://config' });
        seen = await next;
      }
      assert.ok(seen, 'an update after the restart arrived');
    } finally {
      events.stop();
      await host.call('context.unwatch', { server: 'fx', uri: 'fixture://config', watcher: 'chip-2' });
    }
  });
});
