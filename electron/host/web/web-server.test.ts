import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { Host } from '../host.ts';
import { startWebServer } from './web-server.ts';
import type { WebServer } from './web-server.ts';
import { WIRE_SUBPROTOCOL, WIRE_TOKEN_PROTOCOL_PREFIX } from '../../../shared/api/wire-protocol.ts';
import { request } from './test-support/http-request.ts';

const SECRET = 'outside-the-renderer-secret';

interface SocketOptions {
  /** Offered as the page does: the plain subprotocol and the token one. */
  token?: string;
  authorization?: string;
  cookie?: string;
  origin?: string;
  hostHeader?: string;
  query?: string;
  pathname?: string;
}

function openSocket(port: number, options: SocketOptions = {}): Promise<WebSocket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.authorization) headers.authorization = options.authorization;
  if (options.hostHeader) headers.host = options.hostHeader;
  const url = `ws://127.0.0.1:${port}${options.pathname ?? '/api'}${options.query ?? ''}`;
  const protocols = options.token === undefined ? [] : [WIRE_SUBPROTOCOL, `${WIRE_TOKEN_PROTOCOL_PREFIX}${options.token}`];
  const socket = new WebSocket(url, protocols, { headers, origin: options.origin, handshakeTimeout: 10_000 });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`upgrade refused with ${res.statusCode}`), { status: res.statusCode }));
      res.resume();
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

async function upgradeStatus(port: number, options: SocketOptions): Promise<number | 'open'> {
  try {
    const socket = await openSocket(port, options);
    socket.close();
    return 'open';
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
}

function nextMessage(socket: WebSocket, matches: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('message', onMessage);
      reject(new Error('no matching message within 15 s'));
    }, 15_000);
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      if (!matches(message)) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}

let nextId = 1;
async function call(socket: WebSocket, method: string, params: unknown): Promise<Record<string, unknown>> {
  const id = nextId++;
  const reply = nextMessage(socket, (message) => message.id === id && message.type !== 'event');
  socket.send(JSON.stringify({ type: 'call', id, method, params }));
  return reply;
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not close within 15 s')), 15_000);
    socket.once('close', (code: number) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('browser mode web server', () => {
  let root: string;
  let host: Host;
  let web: WebServer;
  let token: string;

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-web-'));
    const rendererDir = path.join(root, 'renderer');
    mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Switchboard</title><script src="/app.js"></script>');
    writeFileSync(path.join(rendererDir, 'app.js'), 'console.log("app");');
    writeFileSync(path.join(rendererDir, 'assets', 'style.css'), 'body { margin: 0 }');
    writeFileSync(path.join(root, 'secret.txt'), SECRET);
    symlinkSync(path.join(root, 'secret.txt'), path.join(rendererDir, 'leak.txt'));
    const configPath = path.join(root, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { resting: { command: 'node', args: ['-e', ''], disabled: true } } }));
    host = await Host.start({ dataDir: path.join(root, 'data'), configPath, autoStart: true, serverTrust: 'config-is-consent' });
    web = await startWebServer({ host, rendererDir });
    token = web.token;
  });

  after(async () => {
    await web?.close();
    await host?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('prints a loopback URL carrying a fresh random token in the fragment', async () => {
    assert.equal(web.url, `http://127.0.0.1:${web.port}/#token=${web.token}`);
    assert.match(web.token, /^[A-Za-z0-9_-]{43}$/);
    const other = await startWebServer({ host, rendererDir: path.join(root, 'renderer') });
    try {
      assert.notEqual(other.token, web.token);
    } finally {
      await other.close();
    }
    await assert.rejects(startWebServer({ host, rendererDir: path.join(root, 'renderer'), token: `${'a'.repeat(40)},x` }), /A-Z a-z 0-9/);
  });

  test('listens on 127.0.0.1 only', async () => {
    const reached = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '::1', port: web.port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    assert.equal(reached, false);
  });

  test('serves the renderer (not secret) without any credential, and never sets a cookie', async () => {
    for (const target of ['/', '/app.js', '/index.html', '/chat/3', `/?token=${token}`, '/?token=wrong', '/api']) {
      const reply = await request(web.port, target, target === '/api' ? { authorization: `Bearer ${token}` } : {});
      assert.equal(reply.headers['set-cookie'], undefined, target);
    }
    assert.equal((await request(web.port, '/')).status, 200);
    assert.match((await request(web.port, '/')).body, /<title>Switchboard<\/title>/);
  });

  test('an old `?token=` address is sent on with the token in the fragment only, and a wrong one is dropped', async () => {
    const first = await request(web.port, `/?token=${token}`);
    assert.equal(first.status, 303);
    assert.equal(first.headers.location, `/#token=${token}`);
    assert.equal(first.headers['cache-control'], 'no-store');
    const deep = await request(web.port, `/chat/7?view=full&token=${token}`);
    assert.equal(deep.headers.location, `/chat/7?view=full#token=${token}`);
    const wrong = await request(web.port, '/chat/7?token=guess');
    assert.equal(wrong.headers.location, '/chat/7');
  });

  test('a redirect never leaves this origin', async () => {
    const reply = await request(web.port, `//evil.example/?token=${token}`);
    assert.equal(reply.status, 303);
    assert.ok(reply.headers.location?.startsWith('/') && !reply.headers.location.startsWith('//'), reply.headers.location);
  });

  test('refuses a foreign Host header (DNS rebinding), for pages and for the access check', async () => {
    for (const hostHeader of ['evil.example', `evil.example:${web.port}`, '127.0.0.1', `127.0.0.1:${web.port + 1}`]) {
      assert.equal((await request(web.port, '/', { host: hostHeader })).status, 403, hostHeader);
      assert.equal((await request(web.port, '/api', { host: hostHeader, authorization: `Bearer ${token}` })).status, 403, hostHeader);
    }
    assert.equal((await request(web.port, '/', { host: `localhost:${web.port}` })).status, 200);
  });

  test('refuses a foreign Origin', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${web.port + 1}`, `https://127.0.0.1:${web.port}`]) {
      assert.equal((await request(web.port, '/', { origin })).status, 403, origin);
      assert.equal((await request(web.port, '/api', { origin, authorization: `Bearer ${token}` })).status, 403, origin);
    }
    assert.equal((await request(web.port, '/', { origin: `http://localhost:${web.port}` })).status, 200);
  });

  test('the access check at GET /api says whether a token is good, and nothing else', async () => {
    assert.equal((await request(web.port, '/api')).status, 401);
    assert.equal((await request(web.port, '/api', { authorization: 'Bearer wrong' })).status, 401);
    assert.equal((await request(web.port, '/api', { cookie: `switchboard_token_${web.port}=${token}` })).status, 401, 'a cookie is no proof');
    assert.equal((await request(web.port, `/api?token=${token}`)).status, 401, 'a query is no proof');
    const good = await request(web.port, '/api', { authorization: `Bearer ${token}`, origin: `http://127.0.0.1:${web.port}` });
    assert.equal(good.status, 204);
    assert.equal(good.body, '');
  });

  test('sends the security headers on every response', async () => {
    const csp =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
      `media-src 'self' data: blob:; connect-src 'self' ws://127.0.0.1:${web.port} ws://localhost:${web.port}; ` +
      `font-src 'self'; frame-src ${web.sandboxOrigin}; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
    assert.notEqual(new URL(web.sandboxOrigin).port, String(web.port), 'MCP Apps are framed from another origin than the page');
    for (const reply of [
      await request(web.port, '/'),
      await request(web.port, '/api'),
      await request(web.port, '/', { host: 'evil.example' }),
      await request(web.port, `/?token=${web.token}`),
    ]) {
      assert.equal(reply.headers['content-security-policy'], csp);
      assert.equal(reply.headers['x-content-type-options'], 'nosniff');
      assert.equal(reply.headers['referrer-policy'], 'no-referrer');
      assert.equal(reply.headers['cross-origin-opener-policy'], 'same-origin');
    }
  });

  test('serves the renderer with the right content types and falls back to index.html for app routes', async () => {
    const script = await request(web.port, '/app.js');
    assert.equal(script.status, 200);
    assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(script.body, 'console.log("app");');
    const style = await request(web.port, '/assets/style.css');
    assert.equal(style.headers['content-type'], 'text/css; charset=utf-8');
    const page = await request(web.port, '/index.html');
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');

    for (const route of ['/servers', '/chat/12', '/assets', '/assets/']) {
      const reply = await request(web.port, route);
      assert.equal(reply.status, 200, route);
      assert.match(reply.body, /<title>Switchboard<\/title>/, route);
    }
    assert.equal((await request(web.port, '/missing.js')).status, 404);
    const head = await request(web.port, '/app.js', {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-length'], String('console.log("app");'.length));
    assert.equal((await request(web.port, '/', {}, 'POST')).status, 405);
  });

  test('never serves a file outside the renderer directory', async () => {
    for (const target of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/%00secret.txt',
      '/%',
      '/leak.txt',
      '/../package.json',
      '/%2e%2e/%2e%2e/package.json',
    ]) {
      const reply = await request(web.port, target);
      assert.ok(reply.status === 400 || reply.status === 404, `${target} answered ${reply.status}`);
      assert.doesNotMatch(reply.body, new RegExp(SECRET), target);
      assert.doesNotMatch(reply.body, /"devDependencies"/, target);
    }
  });

  test('the WebSocket upgrade needs the token in the handshake, whatever the Origin, and a present Origin must be ours', async () => {
    const own = `http://127.0.0.1:${web.port}`;
    assert.equal(await upgradeStatus(web.port, {}), 401, 'no Origin and no proof');
    assert.equal(await upgradeStatus(web.port, { origin: own }), 401, 'our Origin is no proof: a local program can send any');
    assert.equal(await upgradeStatus(web.port, { token: 'wrong' }), 401);
    assert.equal(await upgradeStatus(web.port, { query: `?token=${token}` }), 401, 'a query is no proof');
    assert.equal(await upgradeStatus(web.port, { cookie: `switchboard_token_${web.port}=${token}` }), 401, 'a cookie is no proof');
    assert.equal(await upgradeStatus(web.port, { token, origin: 'http://evil.example' }), 403);
    assert.equal(await upgradeStatus(web.port, { token, origin: 'null' }), 403);
    assert.equal(await upgradeStatus(web.port, { token, origin: `http://127.0.0.1:${web.port + 1}` }), 403, 'another port of this computer');
    assert.equal(await upgradeStatus(web.port, { token, hostHeader: `evil.example:${web.port}` }), 403);
    assert.equal(await upgradeStatus(web.port, { token, pathname: '/elsewhere' }), 404);
    assert.equal(await upgradeStatus(web.port, { token, origin: own }), 'open');
    assert.equal(await upgradeStatus(web.port, { token }), 'open', 'a program without Origin gets in with the proof');
    assert.equal(await upgradeStatus(web.port, { authorization: `Bearer ${token}` }), 'open');
  });

  test('the handshake answer names only the plain subprotocol, never the token', async () => {
    const socket = await openSocket(web.port, { token });
    try {
      assert.equal(socket.protocol, WIRE_SUBPROTOCOL);
    } finally {
      socket.close();
    }
  });

  test('calls reach the host and errors come back with their code', async () => {
    const socket = await openSocket(web.port, { token, origin: `http://127.0.0.1:${web.port}` });
    try {
      const listed = await call(socket, 'servers.list', {});
      assert.equal(listed.type, 'result');
      const states = listed.result as { name: string; status: string }[];
      assert.deepEqual(states.map((state) => [state.name, state.status]), [['resting', 'disabled']]);

      const invalid = await call(socket, 'servers.catalog', { server: 42 });
      assert.equal(invalid.type, 'error');
      assert.equal((invalid.error as { code: string }).code, 'invalid_params');

      const unknown = await call(socket, 'servers.explode', {});
      assert.deepEqual(unknown.error, { code: 'unknown_method', message: 'unknown method: servers.explode' });

      const malformedReply = nextMessage(socket, (message) => message.id === 99);
      socket.send(JSON.stringify({ type: 'call', id: 99, method: 7 }));
      const malformed = await malformedReply;
      assert.equal(malformed.type, 'error');
      assert.equal((malformed.error as { code: string }).code, 'invalid_params');

      const anonymousReply = nextMessage(socket, (message) => message.type === 'error' && message.id === null);
      socket.send(JSON.stringify(['not', 'a', 'call']));
      assert.equal(((await anonymousReply).error as { code: string }).code, 'invalid_params');

      assert.equal((await call(socket, 'servers.list', {})).type, 'result');
    } finally {
      socket.close();
    }
  });

  test('a message that is not JSON, or binary, or too large closes that socket and nothing else', async () => {
    const notJson = await openSocket(web.port, { token });
    const notJsonClosed = closed(notJson);
    notJson.send('this is { not json');
    assert.equal(await notJsonClosed, 1007);

    const binary = await openSocket(web.port, { token });
    const binaryClosed = closed(binary);
    binary.send(Buffer.from([1, 2, 3]));
    assert.equal(await binaryClosed, 1003);

    const huge = await openSocket(web.port, { token });
    const hugeClosed = closed(huge);
    huge.send('x'.repeat(9 * 1024 * 1024));
    assert.equal(await hugeClosed, 1009);

    const healthy = await openSocket(web.port, { token });
    try {
      assert.equal((await call(healthy, 'servers.list', {})).type, 'result');
    } finally {
      healthy.close();
    }
  });

  test('host events reach every connected client', async () => {
    const first = await openSocket(web.port, { token });
    const second = await openSocket(web.port, { token });
    try {
      const isAdded = (message: Record<string, unknown>) =>
        message.type === 'event' &&
        message.event === 'servers.changed' &&
        (message.payload as { name: string }[]).some((state) => state.name === 'added');
      const seenByFirst = nextMessage(first, isAdded);
      const seenBySecond = nextMessage(second, isAdded);
      const added = await call(first, 'servers.add', { name: 'added', config: { command: 'node', disabled: true } });
      assert.equal(added.type, 'result', JSON.stringify(added));
      await Promise.all([seenByFirst, seenBySecond]);
    } finally {
      first.close();
      second.close();
    }
  });

  test('close() says goodbye to clients and stops listening', async () => {
    const other = await startWebServer({ host, rendererDir: path.join(root, 'renderer') });
    const socket = await openSocket(other.port, { token: other.token });
    const socketClosed = closed(socket);
    await other.close();
    assert.equal(await socketClosed, 1001);
    await assert.rejects(request(other.port, '/'));
  });
});
