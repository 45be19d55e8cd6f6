import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Host } from '../host.ts';

const appServer = fileURLToPath(new URL('../../../tests/fixtures/apps/app-server.ts', import.meta.url));
let host: Host;
let dataDir: string;

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-apps-'));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { apps: { command: process.execPath, args: [appServer] } } }));
  host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent', mcpApps: true });
  const [state] = await host.servers.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
});

after(async () => {
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('no sandbox origin, no app: a host that cannot frame apps says so', async () => {
  await assert.rejects(host.call('apps.resource', { server: 'apps', tool: 'counter' }), /apps are shown only/);
});

test("a tool's app comes with its sandbox address built from what the resource declared", async () => {
  host.apps.sandboxOrigin = 'http://127.0.0.1:9';
  const resource = (await host.call('apps.resource', { server: 'apps', tool: 'counter' })) as { uri: string; html: string; sandboxUrl: string; allow: string };
  assert.equal(resource.uri, 'ui://apps-fixture/counter.html');
  assert.match(resource.html, /<h1 id="title">Counter<\/h1>/);
  const url = new URL(resource.sandboxUrl);
  assert.equal(url.origin + url.pathname, 'http://127.0.0.1:9/sandbox');
  assert.deepEqual(JSON.parse(url.searchParams.get('csp') ?? ''), { connectDomains: ['https://api.example.com'] });
  assert.equal(resource.allow, '');
  await assert.rejects(host.call('apps.resource', { server: 'apps', tool: 'counter-add' }), /has no app/);
});

test('an app calls its server\'s tools through the approval rules, never a model-only one', async () => {
  const asked: unknown[] = [];
  host.chat.approver.policy = (question) => {
    asked.push({ tool: question.tool.name, fromApp: question.fromApp });
    return { allow: true };
  };
  const added = await host.call('apps.callTool', { server: 'apps', tool: 'counter-add', arguments: { by: 2 }, app: { tool: 'counter' } });
  assert.deepEqual((added as { structuredContent: unknown }).structuredContent, { count: 2 });
  assert.deepEqual(asked, [{ tool: 'counter-add', fromApp: 'counter' }]);

  const refused = (await host.call('apps.callTool', { server: 'apps', tool: 'counter-reset', arguments: {}, app: { tool: 'counter' } })) as { isError?: boolean; content: { text: string }[] };
  assert.equal(refused.isError, true);
  assert.match(refused.content[0].text, /not available to apps/);
  assert.equal(asked.length, 1, 'a refused call is never put to the person');
  const missing = (await host.call('apps.callTool', { server: 'apps', tool: 'nope', arguments: {}, app: { tool: 'counter' } })) as { isError?: boolean };
  assert.equal(missing.isError, true);
});

test('messages and model context need a conversation', async () => {
  assert.deepEqual(await host.call('apps.message', { server: 'apps', app: { tool: 'counter' }, text: 'hi' }), { sent: false, reason: 'this app is not in a conversation' });
  assert.deepEqual(await host.call('apps.updateContext', { server: 'apps', app: { tool: 'counter' }, text: 'x' }), { accepted: false, reason: 'this app is not in a conversation' });
});
