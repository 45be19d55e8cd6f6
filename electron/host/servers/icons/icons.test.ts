import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { ServerCatalog, ServerState } from '../../../../shared/servers/server-state.ts';
import { fixtureStdio } from '../../../../tests/fixtures/servers/launch.ts';
import { Host } from '../../host.ts';
import { fetchIcon } from './icon-fetch.ts';
import { ServerIcons } from './server-icons.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const pngUri = `data:image/png;base64,${PNG.toString('base64')}`;

/** A local server playing an MCP server's origin; counts each path it was asked for. */
async function origin(routes: Record<string, (res: ServerResponse) => void>): Promise<{ url: string; hits: Map<string, number>; server: Server }> {
  const hits = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    (routes[path] ?? ((r) => r.writeHead(404).end()))(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

let home: Awaited<ReturnType<typeof origin>>;
let elsewhere: Awaited<ReturnType<typeof origin>>;

before(async () => {
  home = await origin({
    '/icon.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    '/icon.png?listed': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    '/icon.svg': (res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG),
    '/disguised.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(SVG),
    '/big.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(70 * 1024)])),
    '/big-chunked.png': (res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG);
      for (let i = 0; i < 20; i++) res.write(Buffer.alloc(8 * 1024));
      res.end();
    },
    '/moved.png': (res) => res.writeHead(302, { location: '/icon.png' }).end(),
    '/slow.png': () => undefined,
    '/broken.png': (res) => res.writeHead(503).end(),
  });
  elsewhere = await origin({ '/icon.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG) });
});

after(() => {
  home.server.closeAllConnections();
  home.server.close();
  elsewhere.server.close();
});

const refusal = (promise: Promise<unknown>, pattern: RegExp) => assert.rejects(promise, pattern);

test('a data: png is handed over as a data: URI of the sniffed type; svg and disguised content are refused', async () => {
  assert.equal(await fetchIcon(pngUri, undefined), pngUri);
  assert.equal(await fetchIcon(`data:;base64,${PNG.toString('base64')}`, undefined), pngUri);
  await refusal(fetchIcon(`data:image/svg+xml;base64,${SVG.toString('base64')}`, undefined), /not a raster image/);
  await refusal(fetchIcon(`data:image/png;base64,${SVG.toString('base64')}`, undefined), /not a png, jpeg, gif or webp/);
  await refusal(fetchIcon(`data:image/png,${encodeURIComponent(SVG.toString())}`, undefined), /base64/);
  const big = Buffer.concat([PNG, Buffer.alloc(70 * 1024)]);
  await refusal(fetchIcon(`data:image/png;base64,${big.toString('base64')}`, undefined), /larger than 65536/);
});

test('a stdio server gets data: icons only, and a URL icon is https on the server origin only', async () => {
  await refusal(fetchIcon('https://example.com/icon.png', undefined), /stdio server has no origin/);
  await refusal(fetchIcon(`${home.url}/icon.png`, home.url), /only data: and https: icons/);
  await refusal(fetchIcon('https://example.com/icon.png', 'https://mcp.example.org/mcp'), /not on the server's own origin/);
  await refusal(fetchIcon('https://user:pw@mcp.example.org/icon.png', 'https://mcp.example.org/mcp'), /credentials/);
  await refusal(fetchIcon('javascript:alert(1)', 'https://mcp.example.org/mcp'), /only data: and https:/);
  await refusal(fetchIcon('https://mcp.example.org/icon.png', 'mcp.example.org/mcp'), /address has no origin/);
});

test('same-origin icons are fetched; other origins, redirects, svg, oversize and slow answers are refused', async () => {
  const options = { allowHttp: true, timeoutMs: 300 };
  const serverUrl = `${home.url}/mcp`;
  assert.equal(await fetchIcon(`${home.url}/icon.png`, serverUrl, options), pngUri);
  await refusal(fetchIcon(`${elsewhere.url}/icon.png`, serverUrl, options), /not on the server's own origin/);
  assert.equal(elsewhere.hits.size, 0, 'the other origin is never asked');
  await refusal(fetchIcon(`${home.url}/moved.png`, serverUrl, options), /redirects are not followed/);
  assert.equal(home.hits.get('/icon.png'), 1, 'the redirect target is not fetched');
  await refusal(fetchIcon(`${home.url}/icon.svg`, serverUrl, options), /image\/svg\+xml is not a raster image/);
  await refusal(fetchIcon(`${home.url}/disguised.png`, serverUrl, options), /not a png, jpeg, gif or webp/);
  await refusal(fetchIcon(`${home.url}/big.png`, serverUrl, options), /larger than 65536/);
  await refusal(fetchIcon(`${home.url}/big-chunked.png`, serverUrl, options), /larger than 65536/);
  await refusal(fetchIcon(`${home.url}/slow.png`, serverUrl, options), /fetch failed/);
  await refusal(fetchIcon(`${home.url}/missing.png`, serverUrl, options), /HTTP 404/);
});

test('an https icon on the server origin is fetched without following redirects, under a timeout', async () => {
  const asked: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return new Response(PNG, { headers: { 'content-type': 'image/png' } });
  };
  assert.equal(await fetchIcon('https://mcp.example.org/static/icon.png', 'https://mcp.example.org/mcp', { fetch }), pngUri);
  assert.equal(asked.length, 1);
  assert.equal(asked[0]!.url, 'https://mcp.example.org/static/icon.png');
  assert.equal(asked[0]!.init.redirect, 'manual');
  assert.ok(asked[0]!.init.signal instanceof AbortSignal);
  await refusal(fetchIcon('https://mcp.example.org:8443/icon.png', 'https://mcp.example.org/mcp', { fetch }), /not on the server's own origin/);
  await refusal(fetchIcon('https://cdn.mcp.example.org/icon.png', 'https://mcp.example.org/mcp', { fetch }), /not on the server's own origin/);
  assert.equal(asked.length, 1, 'a refused origin is never asked');
});

test('only an icon the server listed is fetched, once per server and source', async () => {
  const listed = `${home.url}/icon.png?listed`;
  const state = {
    name: 'remote',
    launch: { transport: 'http', url: `${home.url}/mcp`, headerKeys: [] },
    serverInfo: { name: 'remote', version: '1', icons: [{ src: pngUri }] },
  } as unknown as ServerState;
  const catalog = { tools: [{ name: 't', inputSchema: { type: 'object' }, enabled: true, icons: [{ src: listed, mimeType: 'image/png' }] }], prompts: [], resources: [], resourceTemplates: [] } as unknown as ServerCatalog;
  const icons = new ServerIcons({ get: (name) => (name === 'remote' ? state : undefined), catalog: () => catalog }, { allowHttp: true });
  assert.deepEqual(await icons.icon('remote', pngUri), { dataUri: pngUri });
  assert.deepEqual(await icons.icon('remote', listed), { dataUri: pngUri });
  assert.deepEqual(await icons.icon('remote', listed), { dataUri: pngUri });
  assert.equal(home.hits.get('/icon.png?listed'), 1, 'cached after the first fetch');
  assert.deepEqual(await icons.icon('remote', `${home.url}/icon.svg`), { refused: 'the server did not list this icon' });
  catalog.tools[0]!.icons!.push({ src: `${home.url}/gone.png` }, { src: `${home.url}/broken.png` });
  await icons.icon('remote', `${home.url}/gone.png`);
  await icons.icon('remote', `${home.url}/gone.png`);
  assert.equal(home.hits.get('/gone.png'), 1, 'a lasting refusal (404) is kept');
  await icons.icon('remote', `${home.url}/broken.png`);
  assert.match((await icons.icon('remote', `${home.url}/broken.png`)).refused!, /HTTP 503/);
  assert.equal(home.hits.get('/broken.png'), 2, 'a server error is asked again');
  assert.throws(() => icons.icon('nobody', pngUri), /no server named/);
});

// Basic → Icons, end to end through the host contract: the real fixture lists a png and an svg `data:` icon on
// itself and on every tool, resource, template and prompt; the png comes back checked, the svg never.
test('the fixture server over stdio: its png icons are handed over, its svg ones refused', { timeout: 90_000 }, async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-icons-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: fixtureStdio('modern', ['--icons']) } }));
  const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
  try {
    await host.servers.settled(30_000);
    const state = host.servers.get('fx')!;
    const catalog = host.servers.catalog('fx');
    const [svg, png] = state.serverInfo!.icons!;
    assert.deepEqual(await host.call('servers.icon', { server: 'fx', src: png!.src }), { dataUri: png!.src });
    assert.match(((await host.call('servers.icon', { server: 'fx', src: svg!.src })) as { refused: string }).refused, /not a raster image/);
    for (const entry of [catalog.tools[0], catalog.prompts[0], catalog.resources[0], catalog.resourceTemplates[0]]) {
      assert.equal(entry?.icons?.[1]?.src, png!.src, 'every kind of entry carries its icons to the renderer');
    }
    await assert.rejects(host.call('servers.icon', { server: 'fx', src: 'x'.repeat(100_000) }), /invalid|too big|at most/i);
  } finally {
    await host.close();
  }
});

test('a 2025-era server: the icons of its initialize serverInfo are handed over the same way', { timeout: 90_000 }, async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-icons-legacy-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: fixtureStdio('legacy', ['--icons']) } }));
  const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
  try {
    await host.servers.settled(30_000);
    const [svg, png] = host.servers.get('fx')!.serverInfo!.icons!;
    assert.deepEqual(await host.call('servers.icon', { server: 'fx', src: png!.src }), { dataUri: png!.src });
    assert.match(((await host.call('servers.icon', { server: 'fx', src: svg!.src })) as { refused: string }).refused, /not a raster image/);
  } finally {
    await host.close();
  }
});
