import {
  assertSecureTokenEndpoint,
  auth,
  AuthorizationServerMismatchError,
  computeScopeUnion,
  extractWWWAuthenticateParams,
  IssuerMismatchError,
  OAuthError,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import { HostError } from '../../../../shared/api/host-error.ts';
import { redactUrlsIn } from '../../../../shared/servers/redact-url.ts';
import type { LogLevel, ServerAuth } from '../../../../shared/servers/server-state.ts';
import type { ConsentBroker } from '../../consent/consent-broker.ts';
import type { SecretStore } from '../../store/secrets.ts';
import { accountName } from './account-name.ts';
import { CredentialStore } from './credential-store.ts';
import type { ServerCredentials } from './credential-store.ts';
import { CallbackError, startLoopbackCallback } from './loopback-callback.ts';
import type { LoopbackCallback } from './loopback-callback.ts';
import { ServerOAuthProvider } from './oauth-provider.ts';
import type { InteractiveFlow } from './oauth-provider.ts';

export interface ServerOAuthOptions {
  secrets: SecretStore;
  /** Asks before the sign-in page opens (`open-url`). Without it nothing can be signed in. */
  consent?: ConsentBroker;
  /** Opens the system browser (Electron's `shell.openExternal`); absent in browser mode, where the window that answered opens it. */
  openExternal?: (url: string) => Promise<void>;
  /** The https URL serving Switchboard's client ID metadata document, offered first where the authorization server supports them; read at each sign-in. */
  clientMetadataUrl?: () => string | undefined;
  clientVersion?: string;
  /** How long a sign-in may take, from asking to open the page until the browser comes back. */
  signInTimeoutMs?: number;
}

/** What the HTTP transports of one server get: the SDK drives OAuth through the provider, the fetch keeps headers home. */
export interface TransportAuth {
  provider: OAuthClientProvider;
  fetch: FetchLike;
}

export interface SignInRequest {
  server: string;
  url: string;
  /** Configured request headers: they go to the MCP server's origin only, never to an authorization server. */
  headers?: Record<string, string>;
  log(level: LogLevel, text: string): void;
}

interface Session {
  url: string;
  /** Union of the scopes the server's 401/403 challenges named (SEP-2350), and the metadata URL they gave (RFC 9728 § 5.1). */
  scope?: string;
  resourceMetadataUrl?: URL;
  challenged: boolean;
  phase?: ServerAuth['signingIn'];
  /** The last sign-in found the authorization server taking neither a metadata document nor a registration. */
  needsClient?: boolean;
  flow?: Promise<void>;
  callback?: LoopbackCallback;
}

export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/**
 * OAuth for remote servers (MCP 2025-11-25 / 2026-07-28 Authorization). The SDK does discovery (RFC 9728,
 * RFC 8414), client ID metadata documents or dynamic registration (RFC 7591), PKCE (RFC 7636), resource
 * indicators (RFC 8707), issuer checks and refresh; this keeps the credentials, runs the loopback redirect,
 * asks the person before the browser opens, checks `state`, and finishes the exchange.
 *
 * A server never starts a sign-in by itself: a connect that needs one fails into `needs-auth` and the person
 * starts it, as Claude Code and Cursor do. Opening a browser at launch for every server whose token lapsed
 * would put pages in front of people for servers they are not using, and the consent question is one click
 * either way.
 */
export class ServerOAuth {
  /** Told when a server's `auth` state changed; the ServerManager re-emits its states. */
  onChange: (server: string) => void = () => {};
  private readonly options: ServerOAuthOptions;
  private readonly credentials: CredentialStore;
  private readonly sessions = new Map<string, Session>();
  private closed = false;

  constructor(options: ServerOAuthOptions) {
    this.options = options;
    this.credentials = new CredentialStore(options.secrets);
  }

  transportAuth(server: string, url: string, headers?: Record<string, string>): TransportAuth {
    const session = this.session(server, url);
    return {
      provider: this.provider(server, url),
      fetch: scopedFetch(new URL(url), headers, (params) => {
        session.challenged = true;
        session.scope = computeScopeUnion(session.scope, params.scope);
        if (params.resourceMetadataUrl) session.resourceMetadataUrl = params.resourceMetadataUrl;
      }),
    };
  }

  /** Undefined for a server that never asked for OAuth and has nothing stored. */
  stateOf(server: string, url: string): ServerAuth | undefined {
    const stored = this.credentials.read(server, url);
    const session = this.sessions.get(server);
    const current = session?.url === url ? session : undefined;
    if (!stored.tokens && !stored.clientInformation && !stored.configuredClient && !current?.challenged && !current?.phase) return undefined;
    const discovery = stored.discoveryState;
    const issuer = discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl;
    const account = accountName(stored.tokens);
    return {
      signedIn: stored.tokens !== undefined,
      ...(current?.phase ? { signingIn: current.phase } : {}),
      ...(issuer ? { authorizationServer: issuer } : {}),
      ...(stored.configuredClient ? { clientId: stored.configuredClient.client_id } : {}),
      ...(account ? { account } : {}),
      ...(current?.needsClient && !stored.configuredClient ? { needsClient: true } : {}),
      redirectUri: `http://127.0.0.1${stored.callbackPort !== undefined ? `:${stored.callbackPort}` : ''}/callback`,
    };
  }

  /**
   * Uses a client the person registered with the authorization server (for servers without dynamic
   * registration), or goes back to registering one when `client` is undefined. Tokens of the previous client go.
   */
  setClient(server: string, url: string, client: { clientId: string; clientSecret?: string } | undefined): void {
    this.credentials.update(server, url, (current) => {
      const next = { ...current };
      delete next.clientInformation;
      delete next.tokens;
      delete next.configuredClient;
      if (client) next.configuredClient = { client_id: client.clientId, ...(client.clientSecret ? { client_secret: client.clientSecret } : {}) };
      return next;
    });
    const session = this.sessions.get(server);
    if (session) session.needsClient = false;
    this.onChange(server);
  }

  signingIn(server: string): boolean {
    return this.sessions.get(server)?.flow !== undefined;
  }

  /**
   * Runs a sign-in to its end: tokens stored (the caller reconnects), or a HostError saying why not. A second
   * call while one runs joins it.
   */
  signIn(request: SignInRequest): Promise<void> {
    if (this.closed) return Promise.reject(new HostError('server_unavailable', 'Switchboard is shutting down'));
    const session = this.session(request.server, request.url);
    session.flow ??= this.runSignIn(session, request).finally(() => {
      session.flow = undefined;
      session.callback = undefined;
      session.phase = undefined;
      this.onChange(request.server);
    });
    return session.flow;
  }

  /** Forgets the credentials, after asking the authorization server to revoke the refresh token (RFC 7009) when it offers that. */
  async signOut(server: string, url: string, log: (level: LogLevel, text: string) => void): Promise<void> {
    const session = this.session(server, url);
    session.callback?.close();
    const stored = this.credentials.read(server, url);
    this.credentials.clear(server, url, 'all');
    session.scope = undefined;
    session.resourceMetadataUrl = undefined;
    this.onChange(server);
    const revoked = await revoke(stored).catch((error: unknown) => `not revoked: ${(error as Error).message}`);
    if (revoked) log('info', `signed out; the authorization server's token ${revoked}`);
    else log('info', 'signed out');
  }

  /**
   * A 401 that re-authorization did not fix: the tokens are refused, and the authorization server may have
   * changed (SEP-2352). The SDK leaves it to the host to drop the discovery it cached; the next sign-in rediscovers.
   */
  refused(server: string, url: string): void {
    this.credentials.clear(server, url, 'tokens');
    this.credentials.clear(server, url, 'discovery');
    this.onChange(server);
  }

  forget(server: string): void {
    this.sessions.get(server)?.callback?.close();
    this.sessions.delete(server);
    this.credentials.forget(server);
  }

  close(): void {
    this.closed = true;
    for (const session of this.sessions.values()) session.callback?.close();
  }

  private session(server: string, url: string): Session {
    let session = this.sessions.get(server);
    if (!session || session.url !== url) {
      session?.callback?.close();
      session = { url, challenged: false };
      this.sessions.set(server, session);
    }
    return session;
  }

  private provider(server: string, url: string, flow?: InteractiveFlow): ServerOAuthProvider {
    return new ServerOAuthProvider({
      server,
      url,
      credentials: this.credentials,
      clientVersion: this.options.clientVersion,
      clientMetadataUrl: flow ? this.options.clientMetadataUrl?.() : undefined,
      flow,
    });
  }

  private async runSignIn(session: Session, request: SignInRequest): Promise<void> {
    const { server, url, log } = request;
    const consent = this.options.consent;
    if (!consent) throw new HostError('internal', 'sign-in needs a way to ask before opening the sign-in page, and this host has none');
    const timeoutMs = this.options.signInTimeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    const callback = await this.listen(server, url, timeoutMs);
    session.callback = callback;
    try {
      let authorization: { url: URL; state: string } | undefined;
      const provider = this.provider(server, url, {
        redirectUrl: callback.redirectUrl,
        onAuthorizationUrl: (authorizationUrl, state) => (authorization = { url: authorizationUrl, state }),
      });
      const fetchFn = this.transportAuth(server, url, request.headers).fetch;
      // Discovered afresh: the server may have moved to another authorization server since (SEP-2352).
      this.credentials.clear(server, url, 'discovery');
      // What was granted so far plus what the server asked for since: a step-up must not lose earlier scopes.
      const scope = computeScopeUnion(this.credentials.read(server, url).tokens?.scope, session.scope);
      const outcome = await auth(provider, {
        serverUrl: url,
        scope,
        resourceMetadataUrl: session.resourceMetadataUrl,
        fetchFn,
        forceReauthorization: true,
      });
      if (outcome !== 'REDIRECT' || !authorization) throw new HostError('request_failed', 'the authorization server did not ask for a sign-in page');
      const { url: authorizationUrl, state } = authorization;
      callback.expectState(state);

      const analysis = consent.analyzeUrl(authorizationUrl.href);
      if (!analysis.ok) throw new HostError('request_failed', `the sign-in page cannot be opened: ${analysis.blockedReason}`);
      const where = `${authorizationUrl.origin}${authorizationUrl.pathname}`;
      session.phase = 'consent';
      this.onChange(server);
      log('info', `sign-in: asking to open ${where}`);
      const answer = await consent.request(
        'open-url',
        server,
        { url: analysis.url, source: `signing in to server "${server}" at ${authorizationUrl.host}` },
        { timeoutMs: Math.max(1, deadline - Date.now()) },
      );
      if (answer.outcome !== 'answered') throw new HostError(answer.outcome === 'timeout' ? 'timeout' : 'cancelled', `the sign-in page was not opened: ${answer.reason}`);
      if (answer.answer.decision !== 'open') throw new HostError('cancelled', 'you chose not to open the sign-in page');

      session.phase = 'browser';
      this.onChange(server);
      // In browser mode there is no opener: the window that answered opens the page (consent.answer tells it to).
      if (this.options.openExternal) await this.options.openExternal(analysis.url);
      log('info', 'sign-in: waiting for the browser to come back');
      const params = await callback.result;
      // Never started: the transport is used only for the SDK's finishAuth, which checks `iss` (RFC 9207) before
      // anything else in the response and exchanges the code with the stored PKCE verifier.
      const finisher = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider, fetch: fetchFn });
      await finisher.finishAuth(params);
      this.credentials.clear(server, url, 'verifier');
      session.needsClient = false;
      const issuer = this.credentials.read(server, url).tokens?.issuer;
      log('info', `signed in${issuer ? ` at ${issuer}` : ''}`);
    } catch (error) {
      this.credentials.clear(server, url, 'verifier');
      session.needsClient = isRegistrationRefused(error);
      const failure = describeSignInFailure(error);
      log('warning', `sign-in did not finish: ${failure.message}`);
      throw failure;
    } finally {
      callback.close();
    }
  }

  /**
   * Listens on the port the client was registered with, so its redirect URI stays valid. When that port is
   * taken, another one it is, and a registration made for the old redirect URI is dropped: not every
   * authorization server lets a loopback redirect change its port, though OAuth 2.1 § 8.4.2 says they must.
   */
  private async listen(server: string, url: string, timeoutMs: number): Promise<LoopbackCallback> {
    const stored = this.credentials.read(server, url);
    let callback: LoopbackCallback;
    try {
      callback = await startLoopbackCallback({ port: stored.callbackPort ?? 0, timeoutMs });
    } catch (error) {
      if (stored.callbackPort === undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      callback = await startLoopbackCallback({ port: 0, timeoutMs });
    }
    if (callback.port !== stored.callbackPort) {
      this.credentials.update(server, url, (current) => ({
        ...current,
        callbackPort: callback.port,
        clientInformation: registeredFor(current, callback.redirectUrl) ? current.clientInformation : undefined,
      }));
    }
    return callback;
  }
}

/** The SDK's words when the authorization server has no registration endpoint and no metadata document was offered or taken. */
function isRegistrationRefused(error: unknown): boolean {
  return error instanceof Error && /does not support dynamic client registration/.test(error.message);
}

function registeredFor(credentials: ServerCredentials, redirectUrl: string): boolean {
  const uris = (credentials.clientInformation as { redirect_uris?: unknown } | undefined)?.redirect_uris;
  return !Array.isArray(uris) || uris.includes(redirectUrl);
}

/**
 * The transports' fetch: it takes configured header values off requests to other origins (the SDK's OAuth
 * requests go out with the transport's `requestInit`, and an API key meant for the MCP server has no business
 * at an authorization server), and it notes the `WWW-Authenticate` challenges of the MCP endpoint.
 */
function scopedFetch(serverUrl: URL, headers: Record<string, string> | undefined, onChallenge: (params: ReturnType<typeof extractWWWAuthenticateParams>) => void): FetchLike {
  const configured = Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value] as const);
  return async (input, init) => {
    const target = new URL(input);
    let request = init;
    if (configured.length > 0 && target.origin !== serverUrl.origin && init?.headers) {
      const outgoing = new Headers(init.headers);
      for (const [name, value] of configured) if (outgoing.get(name) === value) outgoing.delete(name);
      request = { ...init, headers: outgoing };
    }
    const response = await fetch(target, request);
    if ((response.status === 401 || response.status === 403) && target.origin === serverUrl.origin && target.pathname === serverUrl.pathname) {
      onChallenge(extractWWWAuthenticateParams(response));
    }
    return response;
  };
}

async function revoke(stored: ServerCredentials): Promise<string | undefined> {
  const endpoint = (stored.discoveryState?.authorizationServerMetadata as { revocation_endpoint?: unknown } | undefined)?.revocation_endpoint;
  const token = stored.tokens?.refresh_token ?? stored.tokens?.access_token;
  const clientId = stored.clientInformation?.client_id;
  if (typeof endpoint !== 'string' || !token || !clientId) return undefined;
  const body = new URLSearchParams({
    token,
    token_type_hint: stored.tokens?.refresh_token ? 'refresh_token' : 'access_token',
    client_id: clientId,
  });
  const response = await fetch(assertSecureTokenEndpoint(endpoint), { method: 'POST', body, signal: AbortSignal.timeout(5_000) });
  return response.ok ? 'was revoked' : `was not revoked (HTTP ${response.status})`;
}

/** Every sign-in failure, its addresses without query strings or user:password (they can hold codes and tokens). */
function describeSignInFailure(error: unknown): HostError {
  const failure = signInFailure(error);
  return new HostError(failure.code, redactUrlsIn(failure.message));
}

function signInFailure(error: unknown): HostError {
  if (error instanceof HostError) return error;
  if (isRegistrationRefused(error)) {
    return new HostError(
      'unauthorized',
      'the authorization server takes neither a client ID metadata document nor a registration from Switchboard: register a client there yourself, with the redirect URI shown, and enter its client ID',
    );
  }
  if (error instanceof CallbackError) {
    return new HostError(error.kind === 'timeout' ? 'timeout' : error.kind === 'closed' ? 'cancelled' : 'unauthorized', error.message);
  }
  // Its message quotes the received issuer, which an attacker controls in a mix-up; it is never shown.
  if (error instanceof IssuerMismatchError) {
    return new HostError(
      'unauthorized',
      error.kind === 'authorization_response'
        ? 'the sign-in response did not come from the authorization server Switchboard asked (RFC 9207 issuer check); nothing was signed in'
        : "the authorization server's metadata names another issuer than the one it was found at (RFC 8414 § 3.3); Switchboard does not sign in there",
    );
  }
  if (error instanceof AuthorizationServerMismatchError) {
    return new HostError('unauthorized', 'the authorization server changed while signing in; start the sign-in again');
  }
  if (error instanceof OAuthError) {
    return new HostError('unauthorized', `the authorization server refused: ${oneLine(error.code)}${error.message && error.message !== error.code ? ` (${oneLine(error.message)})` : ''}`);
  }
  return new HostError('request_failed', oneLine(error instanceof Error ? error.message : String(error)));
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 300 ? flat : `${flat.slice(0, 300)}…`;
}
