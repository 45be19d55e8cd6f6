import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStdio, startHttpFixture } from '../../../../tests/fixtures/servers/launch.ts';
import { parseServerEntry } from '../../../../shared/servers/server-config.ts';
import { createHarness } from '../test-support/manager-harness.ts';

/** `protocolVersion` in an entry: the host speaks that revision to the server, or says why it cannot. */
async function connect(t: Parameters<typeof createHarness>[0], raw: Record<string, unknown>) {
  const harness = createHarness(t, { mcpServers: { fixture: raw } }, { restartPolicy: { maxAttempts: 0 } });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  return { harness, state };
}

test('a 2025-era stdio server pinned to 2025-06-18 is initialized with that revision, not the newest', { timeout: 60_000 }, async (t) => {
  const { harness, state } = await connect(t, { ...fixtureStdio('legacy'), protocolVersion: '2025-06-18' });
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.era, 'legacy');
  assert.equal(state.protocolVersion, '2025-06-18');
  assert.ok(harness.manager.logs('fixture').some((entry) => entry.text.includes('speaking 2025-06-18 (the protocolVersion of its entry)')));
  const sum = await harness.manager.callTool('fixture', 'add', { a: 2, b: 3 });
  assert.deepEqual(sum.result.structuredContent, { sum: 5 });
});

test('a 2025-era HTTP server pinned to 2025-03-26 speaks 2025-03-26', { timeout: 60_000 }, async (t) => {
  const fixture = await startHttpFixture('legacy');
  t.after(() => fixture.close());
  const { state } = await connect(t, { type: 'http', url: fixture.url, protocolVersion: '2025-03-26' });
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.protocolVersion, '2025-03-26');
});

test('a 2026-07-28 server pinned to 2025-11-25 is initialized in the 2025 era instead of discovered', { timeout: 60_000 }, async (t) => {
  const { state } = await connect(t, { ...fixtureStdio('modern'), protocolVersion: '2025-11-25' });
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.era, 'legacy');
  assert.equal(state.protocolVersion, '2025-11-25');
});

test('a 2025-era server pinned to 2026-07-28 is refused with the reason, over stdio and HTTP', { timeout: 60_000 }, async (t) => {
  const stdio = await connect(t, { ...fixtureStdio('legacy'), protocolVersion: '2026-07-28' });
  assert.equal(stdio.state.status, 'error');
  assert.match(stdio.state.reason ?? '', /does not speak 2026-07-28, the protocolVersion its entry asks for/);

  const fixture = await startHttpFixture('legacy');
  t.after(() => fixture.close());
  const http = await connect(t, { type: 'http', url: fixture.url, protocolVersion: '2026-07-28' });
  assert.equal(http.state.status, 'error');
  assert.match(http.state.reason ?? '', /did not offer pinned protocol version 2026-07-28/);
});

test('a pin to 2026-07-28 connects a 2026-07-28 server as usual', { timeout: 60_000 }, async (t) => {
  const { state } = await connect(t, { ...fixtureStdio('modern'), protocolVersion: '2026-07-28' });
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.protocolVersion, '2026-07-28');
});

test('an unknown revision is an error of that entry, naming the ones there are', () => {
  const parsed = parseServerEntry('x', { command: 'node', protocolVersion: '2024-01-01' });
  assert.equal(parsed.ok, false);
  assert.match(!parsed.ok ? parsed.error : '', /mcpServers\.x\.protocolVersion: protocolVersion must be one of 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28/);
});
