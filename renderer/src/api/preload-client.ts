import { HostError } from '../../../shared/api/host-error.ts';
import type { HostApi } from '../../../shared/api/host-api.ts';
import type { PreloadBridge } from '../../../shared/api/preload-bridge.ts';
import type { ConnectionState, HostConnection } from './host-connection.ts';

const always: ConnectionState = { status: 'open', attempt: 0, epoch: 1 };

/** Inside Electron: IPC does not drop, and errors arrive as envelopes because contextBridge strips Error fields. */
export function preloadConnection(bridge: PreloadBridge): HostConnection {
  const api: HostApi = {
    async call(method, params) {
      const envelope = await bridge.call(method, params);
      if (!envelope.ok) throw new HostError(envelope.error.code, envelope.error.message);
      return envelope.result as never;
    },
    on: (event, listener) => bridge.on(event, listener),
  };
  return { api, state: () => always, onStateChange: () => () => {}, retryNow: () => {} };
}
