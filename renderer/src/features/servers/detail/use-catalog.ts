import { useEffect, useState } from 'react';
import type { ServerCatalog, ServerState } from '../../../../../shared/servers/server-state.ts';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';
import { errorMessage } from '../../../components/error-message.ts';

/**
 * The server's catalog from the store, fetched when the detail opens, when the connection comes back, and
 * when the server (re)connects; `servers.catalogChanged` keeps it fresh in between.
 */
export function useCatalog(server: ServerState): { catalog: ServerCatalog | undefined; error: string | undefined } {
  const api = useHostApi();
  const catalog = useAppStore((state) => state.catalogs[server.name]);
  const catalogReceived = useAppStore((state) => state.catalogReceived);
  const epoch = useAppStore((state) => state.connection.epoch);
  const [error, setError] = useState<string>();
  const connected = server.status === 'connected';
  useEffect(() => {
    if (epoch === 0) return;
    let current = true;
    api.call('servers.catalog', { server: server.name }).then(
      (fetched) => {
        if (!current) return;
        setError(undefined);
        catalogReceived(fetched);
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, catalogReceived, server.name, epoch, connected, server.connectedAt]);
  return { catalog, error };
}
