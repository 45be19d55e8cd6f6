import type { Icon } from '@modelcontextprotocol/client';
import { HostError } from '../../../../shared/api/host-error.ts';
import type { ServerIcon } from '../../../../shared/api/icons-api.ts';
import type { ServerCatalog, ServerState } from '../../../../shared/servers/server-state.ts';
import { IconRefused } from './icon-bytes.ts';
import { fetchIcon } from './icon-fetch.ts';
import type { IconFetchOptions } from './icon-fetch.ts';

/** What icons need from the servers layer. */
export interface IconServers {
  get(name: string): ServerState | undefined;
  catalog(name: string): ServerCatalog;
}

/** At most 64 KiB each, so the cache stays under about 20 MB of `data:` text. */
const CACHE_LIMIT = 200;

/**
 * Icons of servers, tools, prompts, resources and templates, fetched by the host and handed over as `data:` URIs.
 * Only a `src` the server itself listed is fetched, so the renderer cannot use this as a general fetcher.
 */
export class ServerIcons {
  private readonly cache = new Map<string, Promise<ServerIcon>>();
  private readonly servers: IconServers;
  private readonly options: IconFetchOptions;

  constructor(servers: IconServers, options: IconFetchOptions = {}) {
    this.servers = servers;
    this.options = options;
  }

  icon(server: string, src: string): Promise<ServerIcon> {
    const state = this.servers.get(server);
    if (!state) throw new HostError('not_found', `no server named "${server}"`);
    if (!listedIcons(state, this.servers.catalog(server)).has(src)) return Promise.resolve({ refused: 'the server did not list this icon' });
    const serverUrl = state.launch?.transport === 'stdio' ? undefined : state.launch?.url;
    const key = `${server}\n${serverUrl ?? ''}\n${src}`;
    let icon = this.cache.get(key);
    if (!icon) {
      icon = fetchIcon(src, serverUrl, this.options).then(
        (dataUri): ServerIcon => ({ dataUri }),
        (error: unknown): ServerIcon => {
          if (error instanceof IconRefused) {
            if (error.transient) this.cache.delete(key);
            return { refused: error.message };
          }
          throw error;
        },
      );
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, icon);
    }
    return icon;
  }
}

function listedIcons(state: ServerState, catalog: ServerCatalog): Set<string> {
  const lists: Array<{ icons?: Icon[] }> = [
    ...(state.serverInfo ? [state.serverInfo] : []),
    ...catalog.tools,
    ...catalog.prompts,
    ...catalog.resources,
    ...catalog.resourceTemplates,
  ];
  return new Set(lists.flatMap((entry) => (Array.isArray(entry.icons) ? entry.icons.map((icon) => icon.src) : [])));
}
