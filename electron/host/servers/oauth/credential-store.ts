import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { SecretStore } from '../../store/secrets.ts';

/** What Switchboard keeps to sign in to one remote server. Everything here stays in the host. */
export interface ServerCredentials {
  /** The server URL these belong to: a server whose URL changed starts over instead of sending old tokens elsewhere. */
  url: string;
  /** From dynamic client registration (RFC 7591), or a client ID metadata document URL the server accepted. */
  clientInformation?: StoredOAuthClientInformation;
  /** A client the person registered with the authorization server themselves (MCP Authorization, pre-registration). */
  configuredClient?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** PKCE (RFC 7636) verifier of the sign-in in progress. */
  codeVerifier?: string;
  /** RFC 9728 / RFC 8414 discovery results; the SDK checks the callback's issuer against it. */
  discoveryState?: OAuthDiscoveryState;
  /** The loopback port the redirect URI was registered with, tried first so the registration stays valid. */
  callbackPort?: number;
}

export type CredentialPart = 'all' | 'client' | 'tokens' | 'verifier' | 'discovery';

const KEY_PREFIX = 'mcp-oauth:';

/**
 * Per-server OAuth credentials in the secret store, one entry per server name holding the URL it is for.
 * Reads are cached: nothing else writes these entries, and `stateOf` asks for them on every state change.
 */
export class CredentialStore {
  private readonly secrets: SecretStore;
  private readonly cache = new Map<string, ServerCredentials | undefined>();

  constructor(secrets: SecretStore) {
    this.secrets = secrets;
  }

  read(server: string, url: string): ServerCredentials {
    const stored = this.load(server);
    return stored && stored.url === url ? stored : { url };
  }

  update(server: string, url: string, change: (current: ServerCredentials) => ServerCredentials): void {
    const next = { ...change(this.read(server, url)), url };
    this.secrets.set(KEY_PREFIX + server, JSON.stringify(next));
    this.cache.set(server, next);
  }

  clear(server: string, url: string, part: CredentialPart): void {
    if (part === 'all') {
      // Keeps what the person configured, and the port, which keeps a later registration's redirect URI stable.
      const { callbackPort, configuredClient } = this.read(server, url);
      this.update(server, url, () => ({ url, ...(callbackPort !== undefined ? { callbackPort } : {}), ...(configuredClient ? { configuredClient } : {}) }));
      return;
    }
    const field = ({ client: 'clientInformation', tokens: 'tokens', verifier: 'codeVerifier', discovery: 'discoveryState' } as const)[part];
    this.update(server, url, (current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  /** The server was removed: nothing of it stays. */
  forget(server: string): void {
    this.secrets.delete(KEY_PREFIX + server);
    this.cache.set(server, undefined);
  }

  private load(server: string): ServerCredentials | undefined {
    if (this.cache.has(server)) return this.cache.get(server);
    let parsed: ServerCredentials | undefined;
    const text = this.secrets.get(KEY_PREFIX + server);
    if (text !== undefined) {
      try {
        const value = JSON.parse(text) as unknown;
        if (value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string') parsed = value as ServerCredentials;
      } catch {
        // Unreadable is treated as absent: the person signs in again.
      }
    }
    this.cache.set(server, parsed);
    return parsed;
  }
}
