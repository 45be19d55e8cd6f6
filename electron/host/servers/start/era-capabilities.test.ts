import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { startHttpFixture } from '../../../../tests/fixtures/servers/launch.ts';
import { HUMAN_CAPABILITIES } from '../../human/human-service.ts';
import { createHarness } from '../test-support/manager-harness.ts';
import { modernClientCapabilities } from './era-capabilities.ts';

test('the 2026-07-28 set drops roots.listChanged and keeps the rest', () => {
  assert.deepEqual(modernClientCapabilities({ roots: { listChanged: true }, sampling: {} }), { roots: {}, sampling: {} });
  assert.deepEqual(modernClientCapabilities({ sampling: {} }), { sampling: {} });
});

// Client → Roots: the 2026-07-28 revision removed notifications/roots/list_changed and the capability that announces it.
test('a 2026-era server receives the host capabilities without roots.listChanged, on the probe and on every request', { timeout: 60_000 }, async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-capabilities-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const log = path.join(dir, 'capabilities.jsonl');
  const fixture = await startHttpFixture('modern', ['--capabilities-log', log]);
  t.after(() => fixture.close());
  const harness = createHarness(t, { mcpServers: { modern: { type: 'http', url: fixture.url } } }, { clientCapabilities: HUMAN_CAPABILITIES });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.era, 'modern');
  await harness.manager.callTool('modern', 'echo', { text: 'hi' });

  const received = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { method: string; capabilities: Record<string, unknown> });
  assert.ok(received.some((entry) => entry.method === 'server/discover'), 'the probe was recorded');
  assert.ok(received.some((entry) => entry.method === 'tools/call'), 'the call was recorded');
  for (const entry of received) {
    assert.deepEqual(entry.capabilities, { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, roots: {} }, `${entry.method} declared ${JSON.stringify(entry.capabilities)}`);
  }
});
