import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { startHttpFixture } from '../../../tests/fixtures/servers/launch.ts';
import { HUMAN_CAPABILITIES } from '../human/human-service.ts';
import { createHarness } from '../servers/test-support/manager-harness.ts';
import { withAppsExtension } from './apps-capability.ts';

const APPS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

// MCP Apps 2026-01-26 → Client capabilities, in `initialize` (2025 eras) and in every 2026-07-28 `_meta` envelope.
for (const kind of ['modern', 'legacy'] as const) {
  test(`a ${kind} server is told the host renders MCP Apps`, { timeout: 60_000 }, async (t) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-apps-capability-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const log = path.join(dir, 'capabilities.jsonl');
    const fixture = await startHttpFixture(kind, ['--capabilities-log', log]);
    t.after(() => fixture.close());
    const harness = createHarness(t, { mcpServers: { s: { type: 'http', url: fixture.url } } }, { clientCapabilities: withAppsExtension(HUMAN_CAPABILITIES) });
    await harness.manager.start();
    const [state] = await harness.manager.settled(30_000);
    assert.equal(state.status, 'connected', state.reason);
    assert.equal(state.era, kind);
    await harness.manager.callTool('s', 'echo', { text: 'hi' });
    const received = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { method: string; capabilities: Record<string, unknown> });
    assert.ok(received.length > 0);
    if (kind === 'legacy') assert.ok(received.some((entry) => entry.method === 'initialize'), 'the 2025 handshake was recorded');
    for (const entry of received) assert.deepEqual(entry.capabilities.extensions, APPS, entry.method);
  });
}
