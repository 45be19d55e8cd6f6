/**
 * A 2024-11-05 HTTP+SSE server (the transport Streamable HTTP replaced), built with the 1.x SDK, for the
 * fallback path: GET /sse opens the event stream, POST /messages?sessionId=… carries requests. Every other
 * path and method answers 404/405 like such a server does. Prints `listening <base url>` when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';

const transports = new Map<string, SSEServerTransport>();

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method === 'GET' && url.pathname === '/sse') {
    const transport = new SSEServerTransport('/messages', response);
    const server = new McpServer({ name: 'sse-fixture', version: '1.0.0' });
    server.registerTool('echo', { description: 'Returns the text', inputSchema: { text: z.string() } }, async ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
    transports.set(transport.sessionId, transport);
    response.on('close', () => transports.delete(transport.sessionId));
    void server.connect(transport);
    return;
  }
  if (request.method === 'POST' && url.pathname === '/messages') {
    const transport = transports.get(url.searchParams.get('sessionId') ?? '');
    if (!transport) {
      response.writeHead(404).end('unknown session');
      return;
    }
    void transport.handlePostMessage(request, response);
    return;
  }
  response.writeHead(url.pathname === '/sse' ? 405 : 404).end();
});

http.listen(0, '127.0.0.1', () => {
  const { port } = http.address() as AddressInfo;
  process.stdout.write(`listening http://127.0.0.1:${port}\n`);
});
