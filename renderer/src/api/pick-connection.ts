import { HostError } from '../../../shared/api/host-error.ts';
import { WIRE_PATH, WIRE_SUBPROTOCOL, WIRE_TOKEN_PROTOCOL_PREFIX } from '../../../shared/api/wire-protocol.ts';
import type { PreloadBridge } from '../../../shared/api/preload-bridge.ts';
import { forgetAccessToken, hasTokenFragment, takeAccessToken } from './access-token.ts';
import type { ConnectionState, HostConnection } from './host-connection.ts';
import { preloadConnection } from './preload-client.ts';
import { WebSocketHostClient } from './ws-client.ts';
import type { AccessVerdict } from './ws-client.ts';

declare global {
  interface Window {
    switchboard?: PreloadBridge;
  }
}

/** Electron exposes the bridge before any page script runs; a plain browser talks to the host that served the page. */
export function pickConnection(): HostConnection {
  if (window.switchboard) return preloadConnection(window.switchboard);
  const place = { location: window.location, history: window.history, storage: window.sessionStorage };
  // The printed address pasted into a tab already on this page changes only the fragment, which loads
  // nothing: load again, so the page takes the token it brings.
  window.addEventListener('hashchange', () => {
    if (hasTokenFragment(window.location.hash)) window.location.reload();
  });
  const token = takeAccessToken(place);
  if (token === undefined) return refusedConnection();
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const checkAccess = async (): Promise<AccessVerdict> => {
    const verdict = await askHost(token);
    if (verdict === 'refused') forgetAccessToken(place);
    return verdict;
  };
  return new WebSocketHostClient({
    url: `${scheme}//${location.host}${WIRE_PATH}`,
    protocols: [WIRE_SUBPROTOCOL, `${WIRE_TOKEN_PROTOCOL_PREFIX}${token}`],
    checkAccess,
  });
}

/** The same origin's `GET /api` answers 204 for a good token and 401 for any other; no answer means the host is away. */
async function askHost(token: string): Promise<AccessVerdict> {
  try {
    const reply = await fetch(WIRE_PATH, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store', credentials: 'omit' });
    if (reply.status === 401 || reply.status === 403) return 'refused';
    return reply.ok ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** A page opened without the printed address's token: nothing to connect with, and the app says how to get in. */
function refusedConnection(): HostConnection {
  const refused: ConnectionState = { status: 'refused', attempt: 0, epoch: 0 };
  const fail = () => Promise.reject(new HostError('unauthorized', 'This page has no access to Switchboard: open the address that `switchboard serve` printed.'));
  return {
    api: { call: fail, on: () => () => {} },
    state: () => refused,
    onStateChange: () => () => {},
    retryNow: () => {},
  };
}
