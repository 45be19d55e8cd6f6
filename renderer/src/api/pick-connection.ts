import { WIRE_PATH } from '../../../shared/api/wire-protocol.ts';
import type { PreloadBridge } from '../../../shared/api/preload-bridge.ts';
import type { HostConnection } from './host-connection.ts';
import { preloadConnection } from './preload-client.ts';
import { WebSocketHostClient } from './ws-client.ts';

declare global {
  interface Window {
    switchboard?: PreloadBridge;
  }
}

/** Electron exposes the bridge before any page script runs; a plain browser talks to the host that served the page. */
export function pickConnection(): HostConnection {
  if (window.switchboard) return preloadConnection(window.switchboard);
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new WebSocketHostClient({ url: `${scheme}//${location.host}${WIRE_PATH}` });
}
