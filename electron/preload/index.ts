import { contextBridge, ipcRenderer } from 'electron';
import { isHostEventName, isHostMethodName } from '../../shared/api/host-api.ts';
import { IPC_CALL_CHANNEL, ipcEventChannel } from '../../shared/api/preload-bridge.ts';
import type { CallEnvelope, PreloadBridge } from '../../shared/api/preload-bridge.ts';

// The renderer gets two functions and nothing else: no ipcRenderer, no Node. Main checks everything again.
const bridge: PreloadBridge = {
  async call(method, params) {
    if (!isHostMethodName(method)) {
      return { ok: false, error: { code: 'unknown_method', message: `unknown method: ${String(method)}` } };
    }
    return (await ipcRenderer.invoke(IPC_CALL_CHANNEL, method, params)) as CallEnvelope;
  },
  on(event, listener) {
    if (!isHostEventName(event)) throw new Error(`unknown event: ${String(event)}`);
    const channel = ipcEventChannel(event);
    const forward = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
};

contextBridge.exposeInMainWorld('switchboard', bridge);
