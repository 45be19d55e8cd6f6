import { z } from 'zod';
import type { ServerState } from '../servers/server-state.ts';

const server = z.object({ server: z.string().min(1).max(200) }).strict();

/**
 * Sign-in for remote servers (MCP Authorization, OAuth 2.1). Progress shows in `servers.changed`: a server
 * that needs one is `needs-auth`, and its `auth` says where and how far a sign-in is. No token ever crosses.
 */
export const authMethods = {
  /**
   * Asks (an `open-url` request) before the authorization server's page opens in the browser, waits for the
   * browser to come back (5 minutes at most), then reconnects. Settles when all that is over: with the
   * server's state, or with the reason it did not finish (`cancelled`, `timeout`, `unauthorized`). A second
   * call while one runs joins it.
   */
  'servers.signIn': server,
  /** Revokes what the authorization server lets revoke, forgets the credentials, and reconnects the server. */
  'servers.signOut': server,
  /**
   * For an authorization server without dynamic registration: the client the person registered there
   * (redirect URI `http://127.0.0.1/callback`, any port). The secret goes to the secret store and never comes
   * back; `clientId: null` returns to registering automatically. Then sign in.
   */
  'servers.setOAuthClient': z
    .object({
      server: z.string().min(1).max(200),
      clientId: z.string().trim().min(1).max(1_000).nullable(),
      clientSecret: z.string().min(1).max(4_000).optional(),
    })
    .strict(),
  /** Where Switchboard's client ID metadata document is served, if anywhere, and whether `--client-metadata-url` set it. */
  'servers.oauthSettings': z.object({}).strict(),
  /** Sets (or with `null` clears) the client ID metadata document URL kept in Settings: https with a path. */
  'servers.setClientMetadataUrl': z.object({ url: z.string().trim().min(1).max(2_000).nullable() }).strict(),
} as const;

export interface OAuthSettings {
  /** Offered first to authorization servers that accept client ID metadata documents. */
  clientMetadataUrl?: string;
  /** Set with `--client-metadata-url` for this run; Settings cannot change it then. */
  fromCommandLine: boolean;
}

export interface AuthResults {
  'servers.signIn': ServerState;
  'servers.signOut': ServerState;
  'servers.setOAuthClient': ServerState;
  'servers.oauthSettings': OAuthSettings;
  'servers.setClientMetadataUrl': OAuthSettings;
}
