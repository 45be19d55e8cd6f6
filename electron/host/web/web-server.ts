import { createReadStream } from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { TOKEN_FRAGMENT_KEY, WIRE_MAX_MESSAGE_BYTES, WIRE_PATH } from '../../../shared/api/wire-protocol.ts';
import { chooseSubprotocol, createRequestGuard, isWellFormedToken, MIN_TOKEN_LENGTH, newAccessToken } from './request-guard.ts';
import type { RequestGuard } from './request-guard.ts';
import { applySecurityHeaders, securityHeaders } from './security-headers.ts';
import { SocketBridge } from './socket-bridge.ts';
import type { WebHost } from './socket-bridge.ts';
import { safeSegments, StaticFiles } from './static-files.ts';
import { startSandboxServer } from '../apps/sandbox-server.ts';

/** Loopback only: browser mode must never be reachable from another machine. */
const LOOPBACK = '127.0.0.1';

export interface WebServerOptions {
  host: WebHost;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** `serve` passes the one kept in the data directory; left out, a fresh random one is made. */
  token?: string;
}

export interface WebServer {
  /** Open this in a browser: the token rides in the fragment, which the page keeps and the browser never sends. */
  url: string;
  port: number;
  token: string;
  /** The MCP Apps sandbox origin: a second loopback port, so an app never runs on this page's origin. */
  sandboxOrigin: string;
  close(): Promise<void>;
}

function splitUrl(url: string): { pathname: string; query: string } {
  const withoutFragment = url.split('#', 1)[0];
  const mark = withoutFragment.indexOf('?');
  return mark === -1
    ? { pathname: withoutFragment, query: '' }
    : { pathname: withoutFragment.slice(0, mark), query: withoutFragment.slice(mark + 1) };
}

function sendText(response: ServerResponse, status: number, text: string, extraHeaders: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extraHeaders });
  response.end(text);
}

function rejectUpgrade(socket: Duplex, status: number, port: number): void {
  const headers = { ...securityHeaders(port), Connection: 'close', 'Content-Length': '0' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n`);
}

/**
 * An address from before the token moved to the fragment (`/?token=…`): sent on to the same path with the
 * token in the fragment, where only the page reads it. Nothing is set, and a wrong token is dropped rather
 * than repeated.
 */
function redirectToFragment(response: ServerResponse, guard: RequestGuard, pathname: string, query: string): void {
  const segments = safeSegments(pathname);
  if (segments === null) return sendText(response, 400, 'bad path');
  const params = new URLSearchParams(query);
  const token = params.get('token') ?? '';
  params.delete('token');
  const rest = params.toString();
  const fragment = guard.isToken(token) ? `#${TOKEN_FRAGMENT_KEY}=${encodeURIComponent(token)}` : '';
  // Rebuilt from clean segments so the Location can never become `//other.host`.
  const location = `/${segments.map(encodeURIComponent).join('/')}${rest ? `?${rest}` : ''}${fragment}`;
  response.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
  response.end();
}

async function serveRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: { guard: RequestGuard; files: StaticFiles; port: number; frameSrc: string[] },
): Promise<void> {
  applySecurityHeaders(response, context.port, context.frameSrc);
  const page = context.guard.checkPage(request);
  if (!page.ok) return sendText(response, page.status, page.reason);
  const url = request.url ?? '';
  if (!url.startsWith('/')) return sendText(response, 400, 'bad request target');
  const { pathname, query } = splitUrl(url);
  if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(response, 405, 'method not allowed', { Allow: 'GET, HEAD' });
  if (pathname === WIRE_PATH) {
    // The page asks here, after its socket was refused, whether its token is still good or the host is just away.
    const api = context.guard.checkApi(request);
    if (!api.ok) return sendText(response, api.status, api.reason);
    response.writeHead(204, { 'Cache-Control': 'no-store' });
    return void response.end();
  }
  if (new URLSearchParams(query).has('token')) return redirectToFragment(response, context.guard, pathname, query);

  const found = await context.files.lookup(pathname);
  if (found.kind === 'bad-request') return sendText(response, 400, 'bad path');
  if (found.kind === 'not-found') return sendText(response, 404, 'not found');
  response.writeHead(200, {
    'Content-Type': found.contentType,
    'Content-Length': String(found.size),
    'Cache-Control': 'no-cache',
  });
  if (request.method === 'HEAD') return void response.end();
  const stream = createReadStream(found.filePath);
  stream.on('error', () => response.destroy());
  stream.pipe(response);
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: LOOPBACK, port, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Browser mode: the built renderer (not secret, so served to any page of this origin) and HostApi (over a
 * WebSocket at `/api`, only for a client that presents the token) on 127.0.0.1. Closing it leaves the host
 * running; the caller owns the host.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newAccessToken();
  if (!isWellFormedToken(token)) throw new Error(`the access token must be at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 - _`);
  const files = await StaticFiles.open(options.rendererDir);

  const server = http.createServer();
  await listen(server, options.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  const sandbox = await startSandboxServer([`http://${LOOPBACK}:${port}`, `http://localhost:${port}`]);
  const frameSrc = [sandbox.origin];
  const guard = createRequestGuard(port, token);
  const bridge = new SocketBridge(options.host);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: WIRE_MAX_MESSAGE_BYTES, handleProtocols: chooseSubprotocol });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    serveRequest(request, response, { guard, files, port, frameSrc }).catch(() => {
      if (!response.headersSent) sendText(response, 500, 'internal error');
      else response.destroy();
    });
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (splitUrl(request.url ?? '').pathname !== WIRE_PATH) return rejectUpgrade(socket, 404, port);
    const verdict = guard.checkApi(request);
    if (!verdict.ok) return rejectUpgrade(socket, verdict.status, port);
    sockets.handleUpgrade(request, socket, head, (webSocket) => bridge.attach(webSocket));
  });

  let closing: Promise<void> | undefined;
  return {
    url: `http://${LOOPBACK}:${port}/#${TOKEN_FRAGMENT_KEY}=${token}`,
    port,
    token,
    sandboxOrigin: sandbox.origin,
    close() {
      closing ??= (async () => {
        await bridge.close();
        sockets.close();
        await sandbox.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
