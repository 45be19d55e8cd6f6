/**
 * Issue #7, what held in browser mode, as a hostile web page or a hostile local program attacks it: names that
 * rebind to 127.0.0.1, look-alike origins, framing and script injection, paths that climb out of the renderer
 * folder, another network interface, and method names that are not methods. The ordinary cases are in
 * electron/host/web/web-server.test.ts; these are the attacks' variants.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { Host } from '../../electron/host/host.ts';
import { startWebServer } from '../../electron/host/web/web-server.ts';
import type { WebServer } from '../../electron/host/web/web-server.ts';
import { WIRE_SUBPROTOCOL, WIRE_TOKEN_PROTOCOL_PREFIX } from '../../shared/api/wire-protocol.ts';
import { request } from '../../electron/host/web/test-support/http-request.ts';

const SECRET = 'outside-the-renderer-4f1c9a';

type Upgrade = { open: WebSocket } | { status: number; headers: http.IncomingHttpHeaders };

function upgrade(port: number, token: string | undefined, options: { origin?: string; host?: string } = {}): Promise<Upgrade> {
  const protocols = token === undefined ? [] : [WIRE_SUBPROTOCOL, `${WIRE_TOKEN_PROTOCOL_PREFIX}${token}`];
  const headers = options.host ? { host: options.host } : {};
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api`, protocols, { headers, origin: options.origin, handshakeTimeout: 10_000 });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ open: socket }));
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.resume();
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

async function upgradeStatus(port: number, token: string | undefined, options: { origin?: string; host?: string } = {}): Promise<number | 'open'> {
  const outcome = await upgrade(port, token, options);
  if ('open' in outcome) {
    outcome.open.close();
    return 'open';
  }
  return outcome.status;
}

let nextId = 1;
function call(socket: WebSocket, method: string, params: unknown): Promise<Record<string, unknown>> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      if (message.id !== id || message.type === 'event') return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ type: 'call', id, method, params }));
  });
}

function directives(policy: string | undefined): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) found.set(name.toLowerCase(), sources);
  }
  return found;
}

describe('browser mode under attack', () => {
  let root: string;
  let host: Host;
  let web: WebServer;
  let secretFile: string;

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sb-browser-attack-'));
    const rendererDir = path.join(root, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Switchboard</title>');
    writeFileSync(path.join(rendererDir, 'app.js'), 'console.log("app");');
    secretFile = path.join(root, 'secret.txt');
    writeFileSync(secretFile, SECRET);
    const configPath = path.join(root, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { resting: { command: 'node', args: ['-e', ''], disabled: true } } }));
    host = await Host.start({ dataDir: path.join(root, 'data'), configPath, autoStart: true, serverTrust: 'config-is-consent' });
    web = await startWebServer({ host, rendererDir });
  });

  after(async () => {
    await web?.close();
    await host?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('names a rebinding attack would send are refused on pages, the access check and the socket', async () => {
    const port = web.port;
    for (const name of [
      `127.0.0.1.nip.io:${port}`,
      `localhost.evil.example:${port}`,
      `localhost.:${port}`,
      `0.0.0.0:${port}`,
      `[::1]:${port}`,
      `2130706433:${port}`,
      `127.1:${port}`,
      `127.0.0.1:${port}@evil.example`,
      `evil.example#127.0.0.1:${port}`,
    ]) {
      assert.equal((await request(port, '/', { host: name })).status, 403, `page, Host ${name}`);
      assert.equal((await request(port, '/api', { host: name, authorization: `Bearer ${web.token}` })).status, 403, `access check, Host ${name}`);
      assert.equal(await upgradeStatus(port, web.token, { host: name }), 403, `socket, Host ${name}`);
    }
    assert.equal(await upgradeStatus(port, web.token, { host: `LOCALHOST:${port}` }), 'open', 'the Host name is compared without case');
  });

  test('look-alike origins are refused on the socket even with the token', async () => {
    const port = web.port;
    for (const origin of [
      `http://127.0.0.1:${port}.evil.example`,
      `http://localhost.evil.example:${port}`,
      `http://127.0.0.1:${port}@evil.example`,
      `ws://127.0.0.1:${port}`,
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}`,
      'file://',
      'chrome-extension://abcdefghijklmnop',
    ]) {
      assert.equal(await upgradeStatus(port, web.token, { origin }), 403, origin);
    }
  });

  test('every answer, refusals included, carries a policy that forbids injected script and framing', async () => {
    const port = web.port;
    const replies: [string, http.IncomingHttpHeaders][] = [];
    const add = async (label: string, target: string, headers: Record<string, string> = {}, method = 'GET') => {
      const reply = await request(port, target, headers, method);
      replies.push([`${label} (${reply.status})`, reply.headers]);
    };
    await add('file', '/app.js');
    await add('app route', '/chat/1');
    await add('redirect', `/?token=${web.token}`);
    await add('bad path', '/%2e%2e/secret.txt');
    await add('not found', '/missing.js');
    await add('method', '/', {}, 'POST');
    await add('no token', '/api');
    await add('foreign host', '/', { host: 'evil.example' });
    await add('foreign origin', '/', { origin: 'http://evil.example' });
    const refusedSocket = await upgrade(port, undefined);
    assert.ok('status' in refusedSocket);
    replies.push([`refused upgrade (${refusedSocket.status})`, refusedSocket.headers]);
    const wrongPath = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`, { handshakeTimeout: 10_000 });
      socket.once('unexpected-response', (_req, res) => {
        resolve(res.headers);
        res.resume();
        socket.terminate();
      });
      socket.once('error', reject);
    });
    replies.push(['upgrade elsewhere', wrongPath]);

    for (const [label, headers] of replies) {
      const csp = directives(headers['content-security-policy'] as string | undefined);
      assert.deepEqual(csp.get('script-src'), ["'self'"], `${label}: script-src`);
      assert.deepEqual(csp.get('default-src'), ["'self'"], `${label}: default-src`);
      assert.deepEqual(csp.get('object-src'), ["'none'"], `${label}: object-src`);
      assert.deepEqual(csp.get('base-uri'), ["'none'"], `${label}: base-uri`);
      assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], `${label}: frame-ancestors`);
      const everySource = [...csp.values()].flat();
      assert.ok(!everySource.includes("'unsafe-eval'"), `${label}: unsafe-eval allowed`);
      assert.ok(!everySource.includes('*'), `${label}: a wildcard source`);
      assert.ok(csp.get('connect-src')?.every((source) => source === "'self'" || source.endsWith(`:${port}`)), `${label}: connect-src reaches elsewhere`);
      assert.equal(headers['x-frame-options'], 'DENY', `${label}: X-Frame-Options`);
      assert.equal(headers['x-content-type-options'], 'nosniff', `${label}: nosniff`);
      assert.equal(headers['referrer-policy'], 'no-referrer', `${label}: Referrer-Policy`);
      assert.equal(headers['cross-origin-opener-policy'], 'same-origin', `${label}: COOP`);
      assert.equal(headers['cross-origin-resource-policy'], 'same-origin', `${label}: CORP`);
      assert.equal(headers['access-control-allow-origin'], undefined, `${label}: CORS opened`);
    }
  });

  test('absolute paths and drive letters never reach a file outside the renderer folder', async () => {
    const absolute = secretFile.split(path.sep).join('/');
    for (const target of [
      `/${absolute}`,
      `/${absolute.replace(/^\//, '')}`,
      `//${absolute}`,
      `/${encodeURIComponent(absolute)}`,
      `/%2F${encodeURIComponent(absolute.replace(/^\//, ''))}`,
      `/file:${absolute}`,
      '/C:/Windows/win.ini',
      '/c:%5cWindows%5cwin.ini',
      '/%5c%5cserver%5cshare%5csecret.txt',
      `/..%252f..%252f${encodeURIComponent(path.basename(secretFile))}`,
      '/%c0%ae%c0%ae/secret.txt',
      `/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f${encodeURIComponent(absolute.replace(/^\//, ''))}`,
    ]) {
      const reply = await request(web.port, target);
      assert.ok([200, 400, 404].includes(reply.status), `${target} answered ${reply.status}`);
      assert.ok(!reply.body.includes(SECRET), `${target} served the file outside the renderer folder`);
      if (reply.status === 200) assert.match(reply.body, /<title>Switchboard<\/title>/, `${target} served something other than the app`);
    }
  });

  test('nothing answers on this computer\'s other network addresses', async (t) => {
    const addresses = Object.values(os.networkInterfaces())
      .flat()
      .filter((info) => info !== undefined && !info.internal && info.family === 'IPv4')
      .map((info) => info!.address);
    if (addresses.length === 0) return t.skip('no non-loopback IPv4 address on this machine');
    for (const address of addresses) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = net.connect({ host: address, port: web.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      assert.equal(outcome, 'ECONNREFUSED', `${address}:${web.port}`);
    }
  });

  test('names inherited by every object are no methods, strict params refuse extra keys, and the socket stays usable', async () => {
    const outcome = await upgrade(web.port, web.token);
    assert.ok('open' in outcome);
    const socket = outcome.open;
    try {
      for (const method of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
        const reply = await call(socket, method, {});
        assert.deepEqual(reply.error, { code: 'unknown_method', message: `unknown method: ${method}` }, method);
      }
      const extra = await call(socket, 'servers.remove', { server: 'resting', alsoDelete: '/' });
      assert.equal((extra.error as { code: string }).code, 'invalid_params');
      const polluted = await call(socket, 'servers.remove', JSON.parse('{"server":"resting","__proto__":{"admin":true}}'));
      assert.equal((polluted.error as { code: string }).code, 'invalid_params');
      assert.equal(({} as Record<string, unknown>).admin, undefined);
      const listed = await call(socket, 'servers.list', {});
      assert.deepEqual((listed.result as { name: string }[]).map((state) => state.name), ['resting'], 'a refused call changed nothing');
    } finally {
      socket.close();
    }
  });
});
