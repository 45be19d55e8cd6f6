import { randomBytes } from 'node:crypto';
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { SignInRequiredError } from './auth-errors.ts';
import type { CredentialPart, CredentialStore } from './credential-store.ts';

/** A sign-in the person started: the loopback redirect URI it listens on, and where the authorization URL goes. */
export interface InteractiveFlow {
  redirectUrl: string;
  onAuthorizationUrl(url: URL, state: string): void;
}

export interface ServerOAuthProviderOptions {
  server: string;
  url: string;
  credentials: CredentialStore;
  clientVersion?: string;
  /** An https URL serving Switchboard's client ID metadata document, used where the server supports it. */
  clientMetadataUrl?: string;
  /** Absent for the provider the transports use while connecting: it may refresh, but never starts a sign-in. */
  flow?: InteractiveFlow;
}

/**
 * Loopback redirect (RFC 8252 § 7.3) the passive provider reports. The SDK reads a redirect URI on every run, and
 * a run without one is taken for a client-credentials flow; this one is never registered nor sent anywhere.
 */
const PASSIVE_REDIRECT_URL = 'http://127.0.0.1/callback';

/**
 * The SDK's view of one server's OAuth client (MCP Authorization): a public native client with PKCE
 * (`token_endpoint_auth_method: none`), credentials kept in the secret store under the server's name and URL.
 *
 * Two modes. Transports get a passive provider: it hands the stored token to every request and lets the SDK
 * refresh it after a 401, but when a new authorization is needed it registers nothing, opens nothing and keeps
 * no verifier, so the connect fails with an auth error and the server waits for the person. A sign-in the person
 * starts gets an interactive provider, whose authorization URL goes to the flow that asks before opening it.
 */
export class ServerOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl: string | undefined;
  private readonly options: ServerOAuthProviderOptions;
  private issuedState: string | undefined;

  constructor(options: ServerOAuthProviderOptions) {
    this.options = options;
    this.clientMetadataUrl = options.flow ? options.clientMetadataUrl : undefined;
  }

  get redirectUrl(): string {
    return this.options.flow?.redirectUrl ?? PASSIVE_REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Switchboard',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      software_id: 'switchboard',
      ...(this.options.clientVersion ? { software_version: this.options.clientVersion } : {}),
    };
  }

  state(): string {
    this.issuedState = randomBytes(32).toString('base64url');
    return this.issuedState;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    const stored = this.stored();
    const information = stored.clientInformation ?? stored.configuredClient;
    // Registering is a change at the authorization server; only a sign-in the person started may make it.
    if (!information && !this.options.flow) throw new SignInRequiredError();
    return information;
  }

  saveClientInformation(information: StoredOAuthClientInformation): void {
    this.update((current) => ({ ...current, clientInformation: information }));
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.stored().tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.update((current) => ({ ...current, tokens }));
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (!this.options.flow) return;
    if (this.issuedState === undefined) throw new Error('the authorization request carries no state');
    this.options.flow.onAuthorizationUrl(authorizationUrl, this.issuedState);
  }

  saveCodeVerifier(codeVerifier: string): void {
    if (this.options.flow) this.update((current) => ({ ...current, codeVerifier }));
  }

  codeVerifier(): string {
    const verifier = this.stored().codeVerifier;
    if (!verifier) throw new Error('no PKCE code verifier is stored for this sign-in');
    return verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.update((current) => ({ ...current, discoveryState: state }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.stored().discoveryState;
  }

  invalidateCredentials(scope: CredentialPart): void {
    this.options.credentials.clear(this.options.server, this.options.url, scope);
  }

  private stored() {
    return this.options.credentials.read(this.options.server, this.options.url);
  }

  private update(change: Parameters<CredentialStore['update']>[2]): void {
    this.options.credentials.update(this.options.server, this.options.url, change);
  }
}
