import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { toolPickerRows } from './tool-picker-rows.ts';
import type { ToolPickerServer } from './tool-picker-rows.ts';

/** The tools picker's rows for a conversation; fetches the catalog of each connected server it has not seen yet. */
export function useToolRows(disabledTools: readonly string[]): ToolPickerServer[] {
  const api = useHostApi();
  const { servers, catalogs, catalogReceived, epoch } = useAppStore(
    useShallow((state) => ({ servers: state.servers, catalogs: state.catalogs, catalogReceived: state.catalogReceived, epoch: state.connection.epoch })),
  );
  const missing = (servers ?? [])
    .filter((server) => server.status === 'connected' && !catalogs[server.name])
    .map((server) => server.name)
    .join('\n');
  useEffect(() => {
    if (epoch === 0 || !missing) return;
    for (const name of missing.split('\n')) {
      api.call('servers.catalog', { server: name }).then(catalogReceived, () => {
        // Gone or not connected after all: the row says so from the server's state.
      });
    }
  }, [api, epoch, missing, catalogReceived]);
  return useMemo(() => toolPickerRows(servers ?? [], catalogs, disabledTools), [servers, catalogs, disabledTools]);
}
