import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerState } from '../../../../shared/servers/server-state.ts';
import { startOAuthFixture } from '../../../../tests/fixtures/oauth/protected-server.ts';
import type { OAuthFixtureOptions } from '../../../../tests/fixtures/oauth/protected-server.ts';
import { Host } from '../../host.ts';
import type { HostOptions } from '../../host.ts';
import { fixtureStdio } from '../../../../tests/fixtures/servers/launch.ts';

type Context = { after: (fn: () => unknown) => void };

/** The browser: loads the authorization URL, then the loopback callback its redirect points at. */
async function browse(url: string): Promise<void> {
  const authorization = await fetch(url, { redirect: 'manual' });
  const location = authorization.headers.get('location');
  if (location) await (await fetch(location)).text();
}

async function startHost(t: Context, fixtureOptions: OAuthFixtureOptions, options: Partial<HostOptions> = {}) {
  const fixture = await startOAuthFixture(fixtureOptions);
  t.after(() => fixture.close());
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-auth-api-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const configPath = path.join(root, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { notes: { url: fixture.mcpUrl }, local: fixtureStdio('modern') } }));
  const host = await Host.start({ dataDir: path.join(root, 'data'), configPath, serverTrust: 'config-is-consent', ...options });
  t.after(() => host.close());
  const events: { name: string; payload: unknown }[] = [];
  for (const name of ['servers.changed', 'servers.log', 'consent.opened', 'consent.closed'] as const) {
    host.on(name, (payload) => events.push({ name, payload }));
  }
  const states = () => events.filter((event) => event.name === 'servers.changed').map((event) => (event.payload as ServerState[]).find((state) => state.name === 'notes'));
  await host.servers.settled(30_000);
  return { fixture, host, events, states };
}

test('HostApi sign-in in browser mode: the open-url question stays open while the server waits, the answering window opens the page', { timeout: 60_000 }, async (t) => {
  const { fixture, host, events, states } = await startHost(t, {});
  assert.equal(host.servers.get('notes')?.status, 'needs-auth');

  const opened: string[] = [];
  host.on('consent.opened', (request) => {
    if (request.kind !== 'open-url') return;
    // Meanwhile another server changes, and every server's state goes out again: the server waiting for this
    // sign-in is needs-auth, not gone, so its question must stay open.
    void host.call('tools.setEnabled', { server: 'local', enabled: false });
    setTimeout(() => {
      void (host.call('consent.answer', { id: request.id, answer: { decision: 'open' } }) as Promise<{ open?: string }>).then((answer) => {
        // No opener was injected: the host tells the window to open the checked address.
        assert.ok(answer.open);
        opened.push(answer.open);
        void browse(answer.open);
      });
    }, 100);
  });
  const state = (await host.call('servers.signIn', { server: 'notes' })) as ServerState;
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(opened.length, 1);
  assert.ok(opened[0].startsWith(`${fixture.authorizationServer.issuer}/authorize?`));

  const phases = states().map((entry) => entry?.auth?.signingIn);
  assert.ok(phases.indexOf('consent') < phases.indexOf('browser') && phases.includes('consent'), 'the UI sees the sign-in go from consent to browser');
  assert.equal(states().at(-1)?.auth?.signingIn, undefined);
  const closed = events.filter((event) => event.name === 'consent.closed').map((event) => (event.payload as { outcome: string }).outcome);
  assert.deepEqual(closed, ['answered']);

  const seen = JSON.stringify(events);
  for (const secret of fixture.authorizationServer.secretsIssued()) assert.ok(!seen.includes(secret), 'no code or token reaches an event');

  await assert.rejects(host.call('servers.signIn', { server: 'local' }), (error: Error & { code?: string }) => error.code === 'invalid_params' && /runs locally/.test(error.message));
  await assert.rejects(host.call('servers.signIn', { server: 'nobody' }), (error: Error & { code?: string }) => error.code === 'not_found');
});

test('HostApi with a client the person registered, for an authorization server without dynamic registration', { timeout: 60_000 }, async (t) => {
  const { fixture, host, events } = await startHost(t, { dynamicRegistration: false }, { openExternal: async (url) => void browse(url) });
  const as = fixture.authorizationServer;
  as.preRegister('hand-made-client', 'hand-made-secret');
  host.on('consent.opened', (request) => void host.call('consent.answer', { id: request.id, answer: { decision: 'open' } }));

  await assert.rejects(host.call('servers.signIn', { server: 'notes' }), (error: Error & { code?: string }) => {
    assert.match(error.message, /neither a client ID metadata document nor a registration/i);
    return true;
  });
  const waiting = host.servers.get('notes')?.auth;
  assert.equal(waiting?.needsClient, true, 'the UI is told to ask for a client registered by hand');
  assert.match(waiting?.redirectUri ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/, 'with the redirect URI to register');

  const configured = (await host.call('servers.setOAuthClient', { server: 'notes', clientId: 'hand-made-client', clientSecret: 'hand-made-secret' })) as ServerState;
  assert.equal(configured.auth?.clientId, 'hand-made-client');
  assert.equal(configured.auth?.needsClient, undefined);
  const state = (await host.call('servers.signIn', { server: 'notes' })) as ServerState;
  assert.equal(state.status, 'connected', state.reason);
  assert.deepEqual(as.tokenRequests.map((request) => [request.grantType, request.ok]), [['authorization_code', true]]);
  const outcome = await host.servers.callTool('notes', 'whoami', {});
  assert.equal(JSON.parse((outcome.result.content as { text: string }[])[0].text).clientId, 'hand-made-client');

  const out = (await host.call('servers.signOut', { server: 'notes' })) as ServerState;
  assert.equal(out.status, 'needs-auth');
  assert.equal(out.auth?.clientId, 'hand-made-client', 'signing out keeps the client the person entered');
  assert.ok(!JSON.stringify(events).includes('hand-made-secret'), 'the client secret never comes back');
  await assert.rejects(host.call('servers.setOAuthClient', { server: 'local', clientId: 'x' }), (error: Error & { code?: string }) => error.code === 'invalid_params');
});

test('signed in as: the ID token names the account; the client metadata URL is kept in Settings unless the command line set it', { timeout: 60_000 }, async (t) => {
  const { host } = await startHost(t, { account: 'ada@example.com' }, { openExternal: async (url) => void browse(url) });
  host.on('consent.opened', (request) => void host.call('consent.answer', { id: request.id, answer: { decision: 'open' } }));
  const state = (await host.call('servers.signIn', { server: 'notes' })) as ServerState;
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.auth?.account, 'ada@example.com');

  assert.deepEqual(await host.call('servers.oauthSettings', {}), { fromCommandLine: false });
  await assert.rejects(host.call('servers.setClientMetadataUrl', { url: 'http://example.com/client.json' }), /https with a path/);
  assert.deepEqual(await host.call('servers.setClientMetadataUrl', { url: 'https://example.com/client.json' }), { clientMetadataUrl: 'https://example.com/client.json', fromCommandLine: false });
  assert.deepEqual(await host.call('servers.setClientMetadataUrl', { url: null }), { fromCommandLine: false });

  const { host: pinned } = await startHost(t, {}, { clientMetadataUrl: 'https://example.org/switchboard.json' });
  assert.deepEqual(await pinned.call('servers.oauthSettings', {}), { clientMetadataUrl: 'https://example.org/switchboard.json', fromCommandLine: true });
  await assert.rejects(pinned.call('servers.setClientMetadataUrl', { url: null }), /--client-metadata-url/);
});

test('a client ID metadata document URL, when set, is offered first: the authorization server that takes one sees no registration', { timeout: 60_000 }, async (t) => {
  const documentUrl = 'https://switchboard.example/oauth/client.json';
  const { fixture, host } = await startHost(t, { clientMetadataDocuments: { [documentUrl]: { redirect_uris: ['http://127.0.0.1/callback'] } } }, { openExternal: async (url) => void browse(url) });
  host.on('consent.opened', (request) => void host.call('consent.answer', { id: request.id, answer: { decision: 'open' } }));
  await host.call('servers.setClientMetadataUrl', { url: documentUrl });
  const state = (await host.call('servers.signIn', { server: 'notes' })) as ServerState;
  assert.equal(state.status, 'connected', state.reason);
  const as = fixture.authorizationServer;
  assert.equal(as.clients.size, 0, 'nothing was registered');
  assert.equal(as.authorizations.at(-1)?.clientId, documentUrl);
  const outcome = await host.servers.callTool('notes', 'whoami', {});
  assert.equal(JSON.parse((outcome.result.content as { text: string }[])[0].text).clientId, documentUrl);
});
