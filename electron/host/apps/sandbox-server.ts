import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxResponse } from './sandbox-page.ts';

export interface SandboxServer {
  /** `http://127.0.0.1:PORT`: another origin than the app's page, so an app never shares its origin. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Browser mode's sandbox origin: a second loopback port that serves only the MCP Apps relay page. It holds
 * nothing and reaches nothing of the host; the Host header must name it (no rebinding), and its pages may be
 * framed only by Switchboard's own page (`hostOrigins`).
 */
export async function startSandboxServer(hostOrigins: string[]): Promise<SandboxServer> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  server.on('request', (request, response) => {
    const url = request.url ?? '';
    if (!allowedHosts.has(request.headers.host?.toLowerCase() ?? '') || !url.startsWith('/')) {
      response.writeHead(403, { 'Content-Type': 'text/plain' });
      return void response.end('forbidden');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' });
      return void response.end();
    }
    const mark = url.indexOf('?');
    const answer = sandboxResponse(mark === -1 ? url : url.slice(0, mark), mark === -1 ? '' : url.slice(mark + 1), hostOrigins.join(' '));
    response.writeHead(answer.status, answer.headers);
    response.end(request.method === 'HEAD' ? undefined : answer.body);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
