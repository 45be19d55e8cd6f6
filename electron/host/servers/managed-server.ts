import type { ServerConfig } from '../../../shared/servers/server-config.ts';
import type { ServerExit, ServerStatus, ServerTrust } from '../../../shared/servers/server-state.ts';
import { EMPTY_LISTS } from './catalog/catalog-view.ts';
import { LogRing } from './log-ring.ts';
import type { CatalogLists, ConnectedInfo, ServerConnection } from './server-connection.ts';

/** What the manager keeps about one configured server across its connections: status, log, catalog, backoff. */
export interface ManagedServer {
  name: string;
  raw: unknown;
  rawKey: string;
  config?: ServerConfig;
  status: ServerStatus;
  reason?: string;
  connection?: ServerConnection;
  info?: Omit<ConnectedInfo, 'catalog' | 'verdict' | 'catalogExpiresAt'>;
  lists: CatalogLists;
  catalogUpdatedAt: number;
  catalogExpiresAt?: number;
  catalogRefreshing?: boolean;
  exit?: ServerExit;
  restartAttempt: number;
  restartNextAt?: number;
  gaveUp: boolean;
  restartTimer?: NodeJS.Timeout;
  stableTimer?: NodeJS.Timeout;
  /** Bumped by every start and stop, so an attempt that was overtaken drops its result. */
  generation: number;
  connectedAt?: number;
  log: LogRing;
  trust?: ServerTrust;
  /** Closes the open trust question when the server is stopped, changed or removed meanwhile. */
  trustQuestion?: AbortController;
}

export function createManagedServer(name: string, logCapacity: number): ManagedServer {
  return {
    name,
    raw: undefined,
    rawKey: '',
    status: 'stopped',
    lists: EMPTY_LISTS,
    catalogUpdatedAt: 0,
    restartAttempt: 0,
    gaveUp: false,
    generation: 0,
    log: new LogRing(name, logCapacity),
  };
}
