import { test } from 'node:test';
import assert from 'node:assert/strict';
import { offerTools } from './tool-offer.ts';
import { testToolHost } from './tool-search/test-host.ts';

const inputSchema = { type: 'object' as const };

test('app-only tools (MCP Apps visibility ["app"]) are never offered to the model; model+app ones are', () => {
  const host = testToolHost({
    monitor: [
      { name: 'get-system-info', inputSchema, _meta: { ui: { resourceUri: 'ui://system-monitor/mcp-app.html' } } },
      { name: 'poll-system-stats', inputSchema, _meta: { ui: { visibility: ['app'] } } },
      { name: 'both', inputSchema, _meta: { ui: { visibility: ['model', 'app'] } } },
    ],
  });
  const offer = offerTools(host, []);
  assert.deepEqual(offer.index.entries.map((entry) => entry.tool), ['both', 'get-system-info']);
  assert.equal(offer.definition('monitor', 'poll-system-stats'), undefined);
});
