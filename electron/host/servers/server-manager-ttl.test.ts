import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createHarness, waitUntil } from './test-support/manager-harness.ts';

const ttlServer = (ttlMs: number) => ({ command: process.execPath, args: [path.join(import.meta.dirname, 'test-support', 'ttl-server.ts'), String(ttlMs)] });

test('list cache hints (ttlMs) decide when the catalog is listed again', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { cached: ttlServer(600_000), expiring: ttlServer(200) } });
  await harness.manager.start();
  const states = await harness.manager.settled(30_000);
  assert.ok(states.every((state) => state.status === 'connected' && state.era === 'modern'), JSON.stringify(states));

  const text = async (server: string, tool: string): Promise<string> => {
    const { result } = await harness.manager.callTool(server, tool, {});
    return result.content[0]?.type === 'text' ? result.content[0].text : '';
  };

  await text('cached', 'grow');
  assert.deepEqual(harness.manager.catalog('cached').tools.map((tool) => tool.name), ['grow', 'listings'], 'still fresh: served as listed');
  assert.equal(await text('cached', 'listings'), '1', 'no second tools/list reached the server');

  await text('expiring', 'grow');
  await waitUntil(
    () => harness.manager.catalog('expiring').tools.some((tool) => tool.name === 'grown_1'),
    'the expired tool list was fetched again',
  );
  assert.equal(harness.manager.get('expiring')?.counts.tools, 3);
  assert.ok(harness.seen['servers.catalogChanged'].some((catalog) => catalog.server === 'expiring' && catalog.tools.length === 3));
});
