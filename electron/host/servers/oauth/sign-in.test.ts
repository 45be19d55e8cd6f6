import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConsentRequest } from '../../../../shared/consent/consent-types.ts';
import type { ServerState } from '../../../../shared/servers/server-state.ts';
import { startOAuthFixture } from '../../../../tests/fixtures/oauth/protected-server.ts';
import type { OAuthFixture, OAuthFixtureOptions } from '../../../../tests/fixtures/oauth/protected-server.ts';
import { ConsentBroker } from '../../consent/consent-broker.ts';
import { SecretStore } from '../../store/secrets.ts';
import { createHarness, waitForState, waitUntil } from '../test-support/manager-harness.ts';
import type { Harness } from '../test-support/manager-harness.ts';
import { ServerOAuth } from './server-oauth.ts';
import type { ServerOAuthOptions } from './server-oauth.ts';

/** The redirect URI carries the port the callback listened on; the rest of the state is compared whole. */
function withoutRedirect(auth: ServerState['auth']): Omit<NonNullable<ServerState['auth']>, 'redirectUri'> | undefined {
  if (!auth) return auth;
  const { redirectUri, ...rest } = auth;
  assert.match(redirectUri, /^http:\/\/127\.0\.0\.1(:\d+)?\/callback$/);
  return rest;
}

type Context = { after: (fn: () => unknown) => void };

/** How the test's "browser" treats the redirect back to Switchboard. */
type Browsing = 'follow' | 'tamper-state' | 'stay';

interface Setup {
  fixture: OAuthFixture;
  harness: Harness;
  consent: ConsentBroker;
  asked: ConsentRequest[];
  /** Every page the browser loaded back at Switchboard's loopback callback. */
  landed: { url: string; status: number; body: string }[];
  browsing: { mode: Browsing; answer: 'open' | 'cancel' };
  secretsDir: string;
  /** Everything the host let out: events, consent payloads, states and logs, as one string. */
  everythingSeen(): string;
  reopen(): Harness;
}

/**
 * A manager with OAuth against the fixture. The consent answer and the "browser" are scripted: the browser
 * loads the authorization URL with an HTTP GET, reads the redirect, and loads that (the loopback callback).
 */
async function setUp(t: Context, fixtureOptions: OAuthFixtureOptions = {}, oauthOptions: Partial<ServerOAuthOptions> = {}, entry: Record<string, unknown> = {}): Promise<Setup> {
  const fixture = await startOAuthFixture(fixtureOptions);
  t.after(() => fixture.close());
  const secretsDir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-oauth-'));
  t.after(() => rmSync(secretsDir, { recursive: true, force: true }));
  const asked: ConsentRequest[] = [];
  const landed: Setup['landed'] = [];
  const browsing: Setup['browsing'] = { mode: 'follow', answer: 'open' };
  const consentEvents: unknown[] = [];
  const harnesses: Harness[] = [];
  // Answers like a person would, a moment later; the broker speaks on the bus of the newest manager.
  const consent = new ConsentBroker({
    events: {
      emit(event, payload) {
        harnesses.at(-1)?.events.emit(event, payload as never);
        consentEvents.push(payload);
        if (event !== 'consent.opened') return;
        const request = payload as ConsentRequest;
        asked.push(request);
        setImmediate(() => consent.answer(request.id, { decision: browsing.answer }));
      },
    },
  });

  const browse = async (authorizationUrl: string): Promise<void> => {
    const authorization = await fetch(authorizationUrl, { redirect: 'manual' });
    const location = authorization.headers.get('location');
    if (!location || browsing.mode === 'stay') return;
    const back = new URL(location);
    if (browsing.mode === 'tamper-state') back.searchParams.set('state', 'forged-by-another-page');
    const page = await fetch(back);
    landed.push({ url: back.href, status: page.status, body: await page.text() });
  };

  const makeOAuth = () =>
    new ServerOAuth({
      secrets: new SecretStore(secretsDir),
      consent,
      openExternal: async (url) => {
        void browse(url);
      },
      clientVersion: '0.0.0-test',
      ...oauthOptions,
    });

  const config = { mcpServers: { notes: { type: 'http', url: fixture.mcpUrl, ...entry } } };
  harnesses.push(createHarness(t, config, { oauth: makeOAuth() }));
  return {
    fixture,
    get harness() {
      return harnesses.at(-1)!;
    },
    consent,
    asked,
    landed,
    browsing,
    secretsDir,
    everythingSeen() {
      const all = harnesses.map((h) => [h.seen, h.manager.list(), h.manager.list().map((state) => h.manager.logs(state.name))]);
      return JSON.stringify([all, consentEvents]);
    },
    reopen() {
      const next = harnesses.at(-1)!.reopen({ oauth: makeOAuth() });
      harnesses.push(next);
      return next;
    },
  } as Setup;
}

async function startAndSettle(harness: Harness): Promise<ServerState> {
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  return state;
}

function whoami(text: string): { clientId: string; scopes: string[] } {
  return JSON.parse(text) as { clientId: string; scopes: string[] };
}

function textOf(outcome: { result: { content: unknown } }): string {
  return (outcome.result.content as { type: string; text: string }[])[0].text;
}

test('a server that answers 401 waits for sign-in; signing in asks, opens the page, takes the loopback redirect and connects', { timeout: 60_000 }, async (t) => {
  const setup = await setUp(t);
  const { fixture } = setup;
  const as = fixture.authorizationServer;

  const waiting = await startAndSettle(setup.harness);
  assert.equal(waiting.status, 'needs-auth');
  assert.match(waiting.reason ?? '', /sign in/);
  // Discovery (RFC 9728, RFC 8414) already says where the person will sign in.
  assert.deepEqual(withoutRedirect(waiting.auth), { signedIn: false, authorizationServer: as.issuer });
  assert.equal(as.clients.size, 0, 'connecting on its own registers nothing at the authorization server');
  assert.equal(setup.asked.length, 0, 'and opens nothing');
  assert.equal(waiting.restart, undefined, 'and does not retry');

  const signedIn = await setup.harness.manager.signIn('notes');
  assert.equal(signedIn.status, 'connected', signedIn.reason);
  assert.deepEqual(withoutRedirect(signedIn.auth), { signedIn: true, authorizationServer: as.issuer });

  // The person was asked first, with the address of the authorization endpoint analysed.
  assert.equal(setup.asked.length, 1);
  const [question] = setup.asked;
  assert.equal(question.kind, 'open-url');
  assert.equal(question.server, 'notes');
  if (question.kind !== 'open-url') return;
  const authorizationUrl = new URL(question.payload.url);
  assert.equal(`${authorizationUrl.origin}${authorizationUrl.pathname}`, `${as.issuer}/authorize`);
  assert.equal(question.payload.analysis.ok, true);

  // Registered as a public native client whose redirect URI is the loopback callback (RFC 8252 § 7.3).
  const [client] = as.clients.values();
  assert.equal(client.client_name, 'Switchboard');
  assert.equal(client.token_endpoint_auth_method, 'none');
  assert.match(client.redirect_uris[0], /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  assert.deepEqual(client.grant_types, ['authorization_code', 'refresh_token']);
  // PKCE and the resource indicator were checked by the authorization server (it refuses without them).
  assert.equal(as.authorizations.length, 1);
  assert.equal(as.authorizations[0].resource, fixture.mcpUrl);
  assert.equal(authorizationUrl.searchParams.get('code_challenge_method'), 'S256');
  assert.ok((authorizationUrl.searchParams.get('state') ?? '').length >= 32);
  assert.deepEqual(
    as.tokenRequests.map((request) => [request.grantType, request.ok]),
    [['authorization_code', true]],
  );

  // The browser saw the "close this tab" page, and the callback is gone afterwards.
  assert.equal(setup.landed.length, 1);
  assert.equal(setup.landed[0].status, 200);
  assert.match(setup.landed[0].body, /You can close this tab/);
  await assert.rejects(fetch(setup.landed[0].url), /fetch failed/);

  const outcome = await setup.harness.manager.callTool('notes', 'whoami', {});
  assert.equal(whoami(textOf(outcome)).clientId, client.client_id);

  const seen = setup.everythingSeen();
  for (const secret of as.secretsIssued()) assert.ok(!seen.includes(secret), 'no code or token reaches events, states or logs');
  assert.ok(seen.includes('signed in at'), 'the log says that it signed in');

  // After a restart of the app the stored tokens are used: no question, no browser.
  const again = setup.reopen();
  const reconnected = await startAndSettle(again);
  assert.equal(reconnected.status, 'connected', reconnected.reason);
  assert.equal(setup.asked.length, 1);
  const stored = readFileSync(path.join(setup.secretsDir, 'secrets.json'), 'utf8');
  assert.ok(stored.includes('mcp-oauth:notes'), 'credentials live in the secret store');
});

test('an expired access token is refreshed by the SDK without asking; a revoked grant sends the server back to needs-auth', { timeout: 60_000 }, async (t) => {
  const setup = await setUp(t);
  const as = setup.fixture.authorizationServer;
  await startAndSettle(setup.harness);
  assert.equal((await setup.harness.manager.signIn('notes')).status, 'connected');

  as.expireAccessTokens();
  const outcome = await setup.harness.manager.callTool('notes', 'whoami', {});
  assert.ok(whoami(textOf(outcome)).clientId);
  assert.deepEqual(
    as.tokenRequests.map((request) => [request.grantType, request.ok]),
    [
      ['authorization_code', true],
      ['refresh_token', true],
    ],
  );
  assert.equal(setup.harness.manager.get('notes')?.status, 'connected');
  assert.equal(setup.asked.length, 1, 'a refresh asks nobody');

  as.revokeAll();
  await assert.rejects(setup.harness.manager.callTool('notes', 'whoami', {}), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'unauthorized');
    assert.match(error.message, /^server "notes" refused tool "whoami": sign in to it again$/);
    return true;
  });
  const lost = await waitForState(setup.harness, 'notes', (state) => state.status === 'needs-auth');
  assert.match(lost.reason ?? '', /sign in again/);
  assert.equal(as.tokenRequests.at(-1)?.ok, false, 'the SDK tried the refresh token first');

  const back = await setup.harness.manager.signIn('notes');
  assert.equal(back.status, 'connected', back.reason);
  assert.equal(setup.asked.length, 2);
  const seen = setup.everythingSeen();
  for (const secret of as.secretsIssued()) assert.ok(!seen.includes(secret));
});

test('a callback with another state is refused before any code is exchanged; declining or a silent browser end the sign-in clearly', { timeout: 60_000 }, async (t) => {
  const setup = await setUp(t, {}, { signInTimeoutMs: 1_500 });
  const as = setup.fixture.authorizationServer;
  await startAndSettle(setup.harness);

  setup.browsing.mode = 'tamper-state';
  await assert.rejects(setup.harness.manager.signIn('notes'), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'unauthorized');
    assert.match(error.message, /state did not match/);
    return true;
  });
  await waitUntil(() => setup.landed.length === 1, 'the browser got its page');
  assert.equal(setup.landed[0].status, 400);
  assert.match(setup.landed[0].body, /did not start this sign-in/);
  assert.equal(as.tokenRequests.length, 0, 'the code never reached the token endpoint');
  const refused = setup.harness.manager.get('notes')!;
  assert.equal(refused.status, 'needs-auth');
  assert.match(refused.reason ?? '', /^sign-in did not finish: .*state did not match/);
  assert.equal(refused.auth?.signingIn, undefined);

  setup.browsing.mode = 'follow';
  setup.browsing.answer = 'cancel';
  await assert.rejects(setup.harness.manager.signIn('notes'), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'cancelled');
    assert.equal(error.message, 'you chose not to open the sign-in page');
    return true;
  });

  setup.browsing.answer = 'open';
  setup.browsing.mode = 'stay';
  await assert.rejects(setup.harness.manager.signIn('notes'), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'timeout');
    assert.match(error.message, /did not come back from the sign-in page within 2 seconds/);
    return true;
  });

  setup.browsing.mode = 'follow';
  as.decision = 'deny';
  await assert.rejects(setup.harness.manager.signIn('notes'), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'unauthorized');
    assert.match(error.message, /access_denied/);
    return true;
  });
  assert.equal(as.tokenRequests.length, 0);
  assert.equal(setup.harness.manager.get('notes')?.status, 'needs-auth');
});

test('a 403 insufficient_scope asks for the union of scopes at the next sign-in (SEP-2350)', { timeout: 60_000 }, async (t) => {
  const setup = await setUp(t, { scopesSupported: ['notes:read'], writeScope: 'notes:write' });
  const as = setup.fixture.authorizationServer;
  await startAndSettle(setup.harness);
  assert.equal((await setup.harness.manager.signIn('notes')).status, 'connected');
  assert.equal(as.authorizations[0].scope, 'notes:read');

  await assert.rejects(setup.harness.manager.callTool('notes', 'write_note', { text: 'hello' }), (error: Error & { code?: string }) => error.code === 'unauthorized');
  await waitForState(setup.harness, 'notes', (state) => state.status === 'needs-auth');

  assert.equal((await setup.harness.manager.signIn('notes')).status, 'connected');
  assert.deepEqual(as.authorizations.at(-1)?.scope?.split(' ').sort(), ['notes:read', 'notes:write']);
  const noted = await setup.harness.manager.callTool('notes', 'write_note', { text: 'hello' });
  assert.equal(textOf(noted), 'noted: hello');
});

test('signing out revokes and forgets; configured headers never reach the authorization server; a new URL starts over', { timeout: 60_000 }, async (t) => {
  const setup = await setUp(t, {}, {}, { headers: { 'X-Api-Key': 'header-secret' } });
  const as = setup.fixture.authorizationServer;
  await startAndSettle(setup.harness);
  assert.equal((await setup.harness.manager.signIn('notes')).status, 'connected');
  assert.ok(as.requestHeaders.length > 0);
  assert.ok(as.requestHeaders.every((names) => !names.includes('x-api-key')), 'the API key stays with the MCP server');

  const refreshToken = as.secretsIssued().find((secret) => secret.startsWith('rt-'))!;
  const out = await setup.harness.manager.signOut('notes');
  assert.equal(out.status, 'needs-auth');
  assert.deepEqual(withoutRedirect(out.auth), { signedIn: false, authorizationServer: as.issuer });
  assert.deepEqual(as.revocations, [refreshToken]);
  assert.ok(!readFileSync(path.join(setup.secretsDir, 'secrets.json'), 'utf8').includes('"tokens"'), 'no token stays stored');

  assert.equal((await setup.harness.manager.signIn('notes')).status, 'connected');
  // The same server name at another address: the tokens for the old one are not sent there.
  const other = await startOAuthFixture();
  t.after(() => other.close());
  const moved = await setup.harness.manager.updateServer('notes', { type: 'http', url: other.mcpUrl });
  assert.equal(moved.status, 'needs-auth');
  assert.ok(other.requests.length > 0);
  assert.ok(other.requests.every((request) => !request.bearer), 'no token was sent to the new address');
});
