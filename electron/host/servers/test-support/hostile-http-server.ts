/**
 * A Streamable HTTP server without sessions, 2025-11-25 or (`modern`) 2026-07-28, whose tool `flood`, answers with a message that never
 * ends: a JSON body (`json`) or one SSE event (`sse`) streamed for as long as the client reads. `sent()` says how
 * many bytes of it went out, so a test can tell that the client stopped reading.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileServer {
  url: string;
  sent(): number;
  close(): Promise<void>;
}

const FILLER = Buffer.alloc(64 * 1024, 'A');

export async function startHostileServer(mode: 'json' | 'sse', modern = false): Promise<HostileServer> {
  let sent = 0;
  const reply = (response: ServerResponse, id: unknown, result: unknown) =>
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id, result: modern ? { resultType: 'complete', ...(result as object) } : result }));
  const flood = (response: ServerResponse, id: unknown) => {
    response.writeHead(200, { 'content-type': mode === 'json' ? 'application/json' : 'text/event-stream' });
    response.write(`${mode === 'sse' ? 'event: message\ndata: ' : ''}{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`);
    const pump = () => {
      while (!response.destroyed) {
        sent += FILLER.byteLength;
        if (!response.write(FILLER)) {
          response.once('drain', pump);
          return;
        }
      }
    };
    response.once('close', () => response.removeAllListeners('drain'));
    pump();
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') {
      response.writeHead(request.method === 'DELETE' ? 200 : 405).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown; method: string; params?: { name?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      switch (message.method) {
        case 'server/discover':
          if (!modern) return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }));
          return reply(response, message.id, { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1.0.0' } });
        case 'initialize':
          return reply(response, message.id, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1.0.0' } });
        case 'tools/list':
          return reply(response, message.id, {
            tools: [{ name: 'flood', inputSchema: { type: 'object' } }, { name: 'small', inputSchema: { type: 'object' } }],
            ...(modern ? { ttlMs: 60_000, cacheScope: 'private' } : {}),
          });
        case 'tools/call':
          if (message.params?.name === 'small') return reply(response, message.id, { content: [{ type: 'text', text: 'still here' }] });
          return flood(response, message.id);
        default:
          return reply(response, message.id, {});
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    sent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
