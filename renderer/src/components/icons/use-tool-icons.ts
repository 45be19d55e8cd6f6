import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';

/** Servers whose catalog was asked for on this connection of the page (`epoch`), so a chat of fifty calls asks once. */
const asked = new Set<string>();

/**
 * The icons of a server and of one of its tools, for a chat card or an approval that names them. The tool's come
 * from the server's catalog, fetched here when the page has not seen it yet; until then (or when the server is
 * gone) there are none, and the names show without them.
 */
export function useToolIcons(server: string | undefined, tool: string): { serverIcons: unknown; toolIcons: unknown } {
  const api = useHostApi();
  const { serverIcons, toolIcons, missing, epoch, catalogReceived } = useAppStore(
    useShallow((state) => {
      const entry = server ? state.servers?.find((candidate) => candidate.name === server) : undefined;
      const catalog = server ? state.catalogs[server] : undefined;
      return {
        serverIcons: entry?.serverInfo?.icons,
        toolIcons: catalog?.tools.find((candidate) => candidate.name === tool)?.icons,
        missing: entry?.status === 'connected' && catalog === undefined,
        epoch: state.connection.epoch,
        catalogReceived: state.catalogReceived,
      };
    }),
  );
  useEffect(() => {
    if (!server || !missing || epoch === 0) return;
    const key = `${epoch}\n${server}`;
    if (asked.has(key)) return;
    asked.add(key);
    api.call('servers.catalog', { server }).then(catalogReceived, () => asked.delete(key));
  }, [api, server, missing, epoch, catalogReceived]);
  return { serverIcons, toolIcons };
}
