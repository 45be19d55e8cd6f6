import { createContext, use } from 'react';
import { useStore } from 'zustand';
import type { HostApi } from '../../../shared/api/host-api.ts';
import type { HostConnection } from '../api/host-connection.ts';
import type { AppState, AppStore } from '../store/app-store.ts';

interface HostContextValue {
  connection: HostConnection;
  store: AppStore;
}

export const HostContext = createContext<HostContextValue | null>(null);

function useHostContext(): HostContextValue {
  const value = use(HostContext);
  if (!value) throw new Error('HostContext is missing: render inside <HostContext value={...}>');
  return value;
}

export function useHostApi(): HostApi {
  return useHostContext().connection.api;
}

export function useConnection(): HostConnection {
  return useHostContext().connection;
}

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useHostContext().store, selector);
}
