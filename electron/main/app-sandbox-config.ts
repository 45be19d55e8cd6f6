// Pure (no electron import) so it is tested in plain Node.
import { sandboxResponse } from '../host/apps/sandbox-page.ts';
import type { SandboxResponse } from '../host/apps/sandbox-page.ts';
import { APP_ORIGIN } from './trusted-sender.ts';

/** MCP Apps run on this origin, never on `app://switchboard`: its own scheme, so no storage or IPC is shared. */
export const SANDBOX_SCHEME = 'switchboard-app';
export const SANDBOX_ORIGIN = `${SANDBOX_SCHEME}://sandbox`;

/**
 * How the scheme is registered: standard and secure (a real origin, as browser mode's second port gives), no
 * fetch from other pages, no CSP bypass, no service workers or cookies of its own.
 */
export const sandboxSchemePrivileges = {
  scheme: SANDBOX_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: false, bypassCSP: false, allowServiceWorkers: false, corsEnabled: false },
} as const;

/**
 * The answer for one request to the sandbox scheme: the relay page, framable only by the app's own page (and,
 * in `electron-vite dev`, the loopback dev server's origin, `devOrigin`).
 */
export function sandboxProtocolAnswer(requestUrl: string, devOrigin?: string): SandboxResponse {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { status: 400, headers: { 'Content-Type': 'text/plain' }, body: 'bad request' };
  }
  if (`${url.protocol}//${url.host}` !== SANDBOX_ORIGIN) return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'not found' };
  const dev = devOrigin && /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(devOrigin) ? ` ${devOrigin}` : '';
  return sandboxResponse(url.pathname, url.search.slice(1), `${APP_ORIGIN}${dev}`);
}
