import { ipcMain } from 'electron';
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { hostEventNames } from '../../shared/api/host-api.ts';
import { HostError } from '../../shared/api/host-error.ts';
import { IPC_CALL_CHANNEL, ipcEventChannel } from '../../shared/api/preload-bridge.ts';
import type { CallEnvelope } from '../../shared/api/preload-bridge.ts';
import type { Host } from '../host/host.ts';
import { isTrustedSenderUrl } from './trusted-sender.ts';

/**
 * One validating gate for every IPC call: the sender must be our own top-level page, and `host.call`
 * parses the method name and params against the shared contract before any handler runs.
 */
export function wireHostIpc(host: Host, devServerUrl: string | undefined): () => void {
  ipcMain.handle(IPC_CALL_CHANNEL, async (event: IpcMainInvokeEvent, method: unknown, params: unknown): Promise<CallEnvelope> => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null || !isTrustedSenderUrl(frame.url, devServerUrl)) {
      return { ok: false, error: { code: 'unauthorized', message: 'IPC refused: the caller is not the Switchboard window' } };
    }
    try {
      return { ok: true, result: await host.call(String(method), params) };
    } catch (error) {
      return { ok: false, error: HostError.from(error).toJSON() };
    }
  });
  return () => ipcMain.removeHandler(IPC_CALL_CHANNEL);
}

/** Forwards every host event to the window while it lives. */
export function forwardHostEvents(host: Host, window: BrowserWindow): () => void {
  const unsubscribes = hostEventNames.map((name) =>
    host.on(name, (payload) => {
      if (!window.isDestroyed()) window.webContents.send(ipcEventChannel(name), payload);
    }),
  );
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
