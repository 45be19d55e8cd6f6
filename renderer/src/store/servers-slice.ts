import type { StateCreator } from 'zustand';
import type { ConfigSnapshot } from '../../../shared/api/servers-api.ts';
import type { LogEntry, ServerCatalog, ServerState } from '../../../shared/servers/server-state.ts';

/** Enough to scroll back through a crash loop without letting a chatty server grow the page without end. */
export const LOG_LIMIT = 2000;

/** A mirror of what the host says about servers; every field is filled from a host result or event. */
export interface ServersSlice {
  /** `undefined` until the first `servers.list` answer. */
  servers: ServerState[] | undefined;
  catalogs: Record<string, ServerCatalog>;
  logs: Record<string, LogEntry[]>;
  config: ConfigSnapshot | undefined;
  serversReceived(servers: ServerState[]): void;
  catalogReceived(catalog: ServerCatalog): void;
  logReceived(entry: LogEntry): void;
  logsReceived(server: string, entries: LogEntry[]): void;
  configReceived(config: ConfigSnapshot): void;
}

/** Merges by `seq`, so a fetch that overlaps with live events neither loses nor repeats lines. */
export function mergeLogs(current: readonly LogEntry[], incoming: readonly LogEntry[], limit = LOG_LIMIT): LogEntry[] {
  if (incoming.length === 0) return current as LogEntry[];
  const last = current.at(-1);
  if (last && incoming.every((entry) => entry.seq > last.seq)) {
    const sorted = isSorted(incoming) ? incoming : [...incoming].sort((a, b) => a.seq - b.seq);
    return trim([...current, ...sorted], limit);
  }
  const bySeq = new Map<number, LogEntry>();
  for (const entry of current) bySeq.set(entry.seq, entry);
  for (const entry of incoming) bySeq.set(entry.seq, entry);
  return trim([...bySeq.values()].sort((a, b) => a.seq - b.seq), limit);
}

function isSorted(entries: readonly LogEntry[]): boolean {
  for (let index = 1; index < entries.length; index += 1) if (entries[index].seq <= entries[index - 1].seq) return false;
  return true;
}

function trim(entries: LogEntry[], limit: number): LogEntry[] {
  return entries.length > limit ? entries.slice(entries.length - limit) : entries;
}

function only<T>(record: Record<string, T>, names: ReadonlySet<string>): Record<string, T> {
  const kept = Object.entries(record).filter(([name]) => names.has(name));
  return kept.length === Object.keys(record).length ? record : Object.fromEntries(kept);
}

export const createServersSlice: StateCreator<ServersSlice, [], [], ServersSlice> = (set) => ({
  servers: undefined,
  catalogs: {},
  logs: {},
  config: undefined,
  serversReceived: (servers) =>
    set((state) => {
      // A removed server's catalog and log go with it; a server added again under that name starts clean.
      const names = new Set(servers.map((server) => server.name));
      return { servers, catalogs: only(state.catalogs, names), logs: only(state.logs, names) };
    }),
  catalogReceived: (catalog) => set((state) => ({ catalogs: { ...state.catalogs, [catalog.server]: catalog } })),
  logReceived: (entry) =>
    set((state) => ({ logs: { ...state.logs, [entry.server]: mergeLogs(state.logs[entry.server] ?? [], [entry]) } })),
  logsReceived: (server, entries) =>
    set((state) => ({ logs: { ...state.logs, [server]: mergeLogs(state.logs[server] ?? [], entries) } })),
  configReceived: (config) => set({ config }),
});
