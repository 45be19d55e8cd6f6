import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Cookies are shared by every port of a host name, so the name carries the port: two instances never collide. */
export function tokenCookieName(port: number): string {
  return `switchboard_token_${port}`;
}

export type GuardVerdict =
  | { ok: true; via: 'cookie' | 'query' }
  | { ok: false; status: 401 | 403; reason: string };

export interface RequestGuard {
  check(request: IncomingMessage): GuardVerdict;
  /** The `Set-Cookie` value that lets later requests authenticate without the token in the URL. */
  sessionCookie(): string;
  allowedOrigins: readonly string[];
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Hashing first gives equal lengths, so the comparison leaks neither the token's content nor its length. */
function sameSecret(candidate: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(candidate), expected);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

export function queryToken(request: IncomingMessage): string | undefined {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  if (query === -1) return undefined;
  return new URLSearchParams(url.slice(query + 1)).get('token') ?? undefined;
}

/**
 * Decides whether a request may reach the host: the Host header must name this loopback port (a page on
 * another site that rebinds its DNS name to 127.0.0.1 sends its own name), a present Origin must be this
 * origin (stops cross-site WebSocket hijacking and cross-site posts), and the access token must be there.
 */
export function createRequestGuard(port: number, token: string): RequestGuard {
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const expected = digest(token);
  const cookieName = tokenCookieName(port);

  return {
    allowedOrigins,
    check(request) {
      const hostHeader = request.headers.host?.toLowerCase();
      if (!hostHeader || !allowedHosts.has(hostHeader)) return { ok: false, status: 403, reason: 'unexpected Host header' };
      const origin = request.headers.origin;
      if (origin !== undefined && !allowedOrigins.includes(origin.toLowerCase())) {
        return { ok: false, status: 403, reason: 'cross-origin request refused' };
      }
      const fromCookie = cookieValue(request.headers.cookie, cookieName);
      if (fromCookie !== undefined && sameSecret(fromCookie, expected)) return { ok: true, via: 'cookie' };
      const fromQuery = queryToken(request);
      if (fromQuery !== undefined && sameSecret(fromQuery, expected)) return { ok: true, via: 'query' };
      return { ok: false, status: 401, reason: 'missing or wrong access token: open the URL that `switchboard serve` printed' };
    },
    sessionCookie() {
      return `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict`;
    },
  };
}
