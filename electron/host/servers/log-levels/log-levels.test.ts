import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureStdio } from '../../../../tests/fixtures/servers/launch.ts';
import { Host } from '../../host.ts';

async function serverLines(host: Host, text: string, count: number): Promise<string[]> {
  const lines = () => host.servers.logs('fx').filter((entry) => entry.source === 'server' && entry.text.includes(text)).map((entry) => `${entry.level} ${entry.text}`);
  for (let waited = 0; lines().length < count && waited < 3_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 150));
  return lines();
}

// Server Features → Logging: the person picks the lowest level per server; 2025-era servers are told with
// logging/setLevel, 2026-07-28 ones in each request's _meta; the choice outlives a restart of the app.
for (const era of ['legacy', 'modern'] as const) {
  describe(`log level per server, ${era} era`, { timeout: 90_000 }, () => {
    test('debug is dropped at the default, shown once asked for; error only above it', async (t) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-log-level-'));
      t.after(() => rmSync(dataDir, { recursive: true, force: true }));
      const configPath = path.join(dataDir, 'mcp.json');
      writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: fixtureStdio(era) } }));
      let host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
      try {
        await host.servers.settled(30_000);
        assert.deepEqual(await host.call('servers.logLevel', { server: 'fx' }), {
          server: 'fx',
          level: 'info',
          supported: true,
          how: era === 'modern' ? 'per-request' : 'set-level',
        });
        await host.servers.callTool('fx', 'log', { level: 'debug', message: 'quiet one' });
        assert.deepEqual(await serverLines(host, 'quiet one', 1), [], 'debug is below the default info');

        assert.equal(((await host.call('servers.setLogLevel', { server: 'fx', level: 'debug' })) as { level: string }).level, 'debug');
        await host.servers.callTool('fx', 'log', { level: 'debug', message: 'loud one' });
        assert.deepEqual(await serverLines(host, 'loud one', 1), ['debug [fixture] loud one']);

        await host.call('servers.setLogLevel', { server: 'fx', level: 'error' });
        await host.servers.callTool('fx', 'log', { level: 'warning', message: 'minor' });
        assert.deepEqual(await serverLines(host, 'minor', 1), []);
      } finally {
        await host.close();
      }
      // After a restart of the app the level holds, and the server is told again.
      host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
      try {
        await host.servers.settled(30_000);
        assert.equal(((await host.call('servers.logLevel', { server: 'fx' })) as { level: string }).level, 'error');
        await host.servers.callTool('fx', 'log', { level: 'warning', message: 'still minor' });
        await host.servers.callTool('fx', 'log', { level: 'error', message: 'serious' });
        assert.deepEqual(await serverLines(host, 'still minor', 1), []);
        assert.deepEqual(await serverLines(host, 'serious', 1), ['error [fixture] serious']);
      } finally {
        await host.close();
      }
    });
  });
}
