import type { StoredOAuthTokens } from '@modelcontextprotocol/client';

const CLAIMS = ['email', 'preferred_username', 'name', 'sub'] as const;

/**
 * Who the person signed in as, where the authorization server says it: the claims of an OpenID Connect ID
 * token that came with the tokens. Shown only, never trusted for anything: the signature is not checked,
 * since nothing is decided on it (the MCP server checks the access token).
 */
export function accountName(tokens: StoredOAuthTokens | undefined): string | undefined {
  const idToken = (tokens as { id_token?: unknown } | undefined)?.id_token;
  if (typeof idToken !== 'string') return undefined;
  const payload = idToken.split('.')[1];
  if (!payload) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  for (const claim of CLAIMS) {
    const value = (claims as Record<string, unknown>)[claim];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200);
  }
  return undefined;
}
