import { useEffect } from 'react';
import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ServerCatalog } from '../../../../shared/servers/server-state.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';

/**
 * Whether the tool has an app (`_meta.ui.resourceUri`, MCP Apps 2026-01-26 → UI Resource), read from the
 * server's catalog (which outlives a disconnect); fetched once when the store has none yet. `undefined` while unknown.
 */
export function useToolHasApp(server: string, tool: string): boolean | undefined {
  const api = useHostApi();
  const catalog = useAppStore((state) => state.catalogs[server]);
  const known = useAppStore((state) => state.servers?.some((entry) => entry.name === server) === true);
  const received = useAppStore((state) => state.catalogReceived);
  useEffect(() => {
    if (catalog || !known) return;
    let live = true;
    api.call('servers.catalog', { server }).then(
      (fetched) => live && received(fetched),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, catalog, known, received, server]);
  if (!catalog) return undefined;
  return toolAppUri(catalog, tool) !== undefined;
}

/** The `ui://` address of a tool's app, if the catalog lists the tool with a well-formed one. */
export function toolAppUri(catalog: ServerCatalog | undefined, tool: string): string | undefined {
  const definition = catalog?.tools.find((entry) => entry.name === tool);
  if (!definition) return undefined;
  try {
    return getToolUiResourceUri(definition);
  } catch {
    return undefined;
  }
}
