/**
 * A 2026-07-28 stdio server whose tool list carries a cache hint (`ttlMs`) and no list-changed capability, so
 * a client learns about new tools only by listing again once the hint expires. Its `grow` tool adds a tool
 * silently; `listings` says how many times `tools/list` reached the server.
 */
import { Server } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const ttlMs = Number(process.argv[2] ?? '300');
const names = ['grow', 'listings'];
let listings = 0;

serveStdio(() => {
  const server = new Server({ name: 'ttl-fixture', version: '1.0.0' }, { capabilities: { tools: {} }, cacheHints: { 'tools/list': { ttlMs } } });
  server.setRequestHandler('tools/list', async () => {
    listings += 1;
    return { tools: names.map((name) => ({ name, inputSchema: { type: 'object' as const } })) };
  });
  server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => {
    if (request.params.name === 'grow') names.push(`grown_${names.length - 1}`);
    return { content: [{ type: 'text', text: request.params.name === 'listings' ? String(listings) : 'grown' }] };
  });
  return server;
});
