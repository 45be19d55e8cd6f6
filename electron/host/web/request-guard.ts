import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WIRE_SUBPROTOCOL, WIRE_TOKEN_PROTOCOL_PREFIX } from '../../../shared/api/wire-protocol.ts';

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export const MIN_TOKEN_LENGTH = 32;

/** base64url only: the token travels as a WebSocket subprotocol, where only such characters are allowed. */
export function isWellFormedToken(token: string): boolean {
  return token.length >= MIN_TOKEN_LENGTH && /^[A-Za-z0-9_-]+$/.test(token);
}

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

export interface RequestGuard {
  /** Host and Origin only: for the renderer's files, which are not secret. */
  checkPage(request: IncomingMessage): GuardVerdict;
  /** Host, Origin and the token: for `/api`, where the host can be driven. */
  checkApi(request: IncomingMessage): GuardVerdict;
  isToken(candidate: string): boolean;
  allowedOrigins: readonly string[];
}

export const REFUSED_TOKEN = 'missing or wrong access token: open the URL that `switchboard serve` printed';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Hashing first gives equal lengths, so the comparison leaks neither the token's content nor its length. */
function sameSecret(candidate: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(candidate), expected);
}

/** The offered WebSocket subprotocols, in order (RFC 6455 § 11.3.4: a comma-separated list). */
export function offeredProtocols(request: IncomingMessage): string[] {
  const header = request.headers['sec-websocket-protocol'];
  if (typeof header !== 'string') return [];
  return header.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/**
 * The token a client presents: the page's socket offers it as a subprotocol (a browser WebSocket cannot set
 * other headers), the page's access check and programs send `Authorization: Bearer`. Never a cookie or a URL:
 * a cookie goes to every port of 127.0.0.1, and a URL ends up in history and logs.
 */
function presentedToken(request: IncomingMessage): string | undefined {
  const fromProtocol = offeredProtocols(request).find((entry) => entry.startsWith(WIRE_TOKEN_PROTOCOL_PREFIX));
  if (fromProtocol !== undefined) return fromProtocol.slice(WIRE_TOKEN_PROTOCOL_PREFIX.length);
  const authorization = request.headers.authorization;
  const bearer = authorization === undefined ? null : /^Bearer ([^\s]+)$/i.exec(authorization);
  return bearer?.[1];
}

/** The only subprotocol the host ever names in its answer: echoing the offered token would repeat the secret. */
export function chooseSubprotocol(protocols: ReadonlySet<string>): string | false {
  return protocols.has(WIRE_SUBPROTOCOL) ? WIRE_SUBPROTOCOL : false;
}

/**
 * Decides whether a request may reach the host: the Host header must name this loopback port (a page on
 * another site that rebinds its DNS name to 127.0.0.1 sends its own name), a present Origin must be this
 * origin (stops cross-site WebSocket hijacking and cross-site posts), and `/api` needs the access token,
 * whatever the Origin says: a local program can send any Origin, or none.
 */
export function createRequestGuard(port: number, token: string): RequestGuard {
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const expected = digest(token);

  const checkPage = (request: IncomingMessage): GuardVerdict => {
    const hostHeader = request.headers.host?.toLowerCase();
    if (!hostHeader || !allowedHosts.has(hostHeader)) return { ok: false, status: 403, reason: 'unexpected Host header' };
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.includes(origin.toLowerCase())) {
      return { ok: false, status: 403, reason: 'cross-origin request refused' };
    }
    return { ok: true };
  };
  const isToken = (candidate: string) => sameSecret(candidate, expected);

  return {
    allowedOrigins,
    checkPage,
    isToken,
    checkApi(request) {
      const page = checkPage(request);
      if (!page.ok) return page;
      const presented = presentedToken(request);
      if (presented !== undefined && isToken(presented)) return { ok: true };
      return { ok: false, status: 401, reason: REFUSED_TOKEN };
    },
  };
}
