import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ActivityEntry } from '../../../shared/activity/activity-types.ts';
import { startHttpFixture } from '../../../tests/fixtures/servers/launch.ts';
import { Host } from '../host.ts';

test('a remote server that went away: the call is a transport error', { timeout: 90_000 }, async (t) => {
  const fixture = await startHttpFixture('modern');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-activity-http-'));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { remote: { url: fixture.url } } }));
  const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
  t.after(async () => {
    await host.close();
    await fixture.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const [state] = await host.servers.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  const recorded: ActivityEntry[] = [];
  host.on('activity.recorded', (entry) => recorded.push(entry));

  await host.call('tools.call', { server: 'remote', tool: 'echo', arguments: { text: 'over http' } });
  await fixture.close();
  await host.call('tools.call', { server: 'remote', tool: 'echo', arguments: { text: 'nobody there' }, timeoutMs: 10_000 }).catch(() => undefined);

  assert.deepEqual(
    recorded.map((entry) => entry.outcome),
    ['ok', 'transport-error'],
    recorded.at(-1)?.error,
  );
  assert.match(recorded[1].error!, /could not be reached|closed the connection|unavailable/);
});
