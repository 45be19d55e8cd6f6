import type { SerializedHostError } from './host-error.ts';
import type { HostEventName, HostEvents, HostMethodName } from './host-api.ts';

/**
 * What the Electron preload exposes as `window.switchboard`. Errors do not keep their fields across
 * `contextBridge`, so a call resolves to an envelope and the renderer's adapter turns it back into a
 * `HostError`.
 */
export type CallEnvelope = { ok: true; result: unknown } | { ok: false; error: SerializedHostError };

export interface PreloadBridge {
  call(method: HostMethodName, params: unknown): Promise<CallEnvelope>;
  on<E extends HostEventName>(event: E, listener: (payload: HostEvents[E]) => void): () => void;
}

export const IPC_CALL_CHANNEL = 'host:call';
export const ipcEventChannel = (event: HostEventName): string => `host:event:${event}`;
