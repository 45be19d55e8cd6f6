import { guessTransport, summarizeLaunch } from '../../../shared/servers/launch-summary.ts';
import { transportOf } from '../../../shared/servers/server-config.ts';
import type { ServerConfig } from '../../../shared/servers/server-config.ts';
import type { RestartPlan, ServerAuth, ServerExit, ServerState, ServerStatus, ServerTrust } from '../../../shared/servers/server-state.ts';
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

/** What the windows see of a server: a copy, so nothing they hold changes under them. */
export function stateOfServer(server: ManagedServer, toolsEnabled: boolean, auth: ServerAuth | undefined): ServerState {
  const restart: RestartPlan | undefined =
    server.restartAttempt > 0 || server.gaveUp
      ? { attempt: server.restartAttempt, ...(server.restartNextAt ? { nextAt: server.restartNextAt } : {}), gaveUp: server.gaveUp }
      : undefined;
  const info = server.info;
  const state: ServerState = {
    name: server.name,
    transport: info?.transport ?? (server.config ? transportOf(server.config) : guessTransport(server.raw)),
    status: server.status,
    counts: {
      tools: server.lists.tools.length,
      resources: server.lists.resources.length,
      resourceTemplates: server.lists.resourceTemplates.length,
      prompts: server.lists.prompts.length,
    },
    toolsEnabled,
  };
  if (server.reason !== undefined) state.reason = server.reason;
  if (server.config) state.launch = summarizeLaunch(server.config);
  if (info) {
    state.era = info.era;
    if (info.protocolVersion !== undefined) state.protocolVersion = info.protocolVersion;
    if (info.serverInfo) state.serverInfo = structuredClone(info.serverInfo);
    if (info.capabilities) state.capabilities = structuredClone(info.capabilities);
    if (info.instructions !== undefined) state.instructions = info.instructions;
  }
  if (server.exit) state.exit = { ...server.exit, stderrTail: [...server.exit.stderrTail] };
  if (restart) state.restart = restart;
  if (server.connectedAt !== undefined) state.connectedAt = server.connectedAt;
  if (auth) state.auth = auth;
  if (server.trust) state.trust = { ...server.trust };
  return state;
}
