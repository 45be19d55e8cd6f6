import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConsentClosedEvent, ConsentKind, ConsentRequest, ConsentRequestOf } from '../../../../shared/consent/consent-types.ts';
import type { ServerState } from '../../../../shared/servers/server-state.ts';
import { Host } from '../../host.ts';
import type { HostOptions } from '../../host.ts';

export interface HumanHost {
  host: Host;
  dataDir: string;
  configPath: string;
  /** Every request opened so far, in order. */
  opened: ConsentRequest[];
  closed: ConsentClosedEvent[];
  /** The next still-open request of that kind that no earlier call took, waiting for it if need be. */
  nextRequest<K extends ConsentKind>(kind: K): Promise<ConsentRequestOf<K>>;
  /** Resolves with the event once the request closed. */
  closedEvent(id: string): Promise<ConsentClosedEvent>;
  /** Resolves once the server's state passes the test. */
  serverState(name: string, test: (state: ServerState) => boolean): Promise<ServerState>;
  close(): Promise<void>;
}

/** A real Host over a temporary data dir and mcp.json, recording every consent request it opens. */
export async function startHumanHost(mcpServers: Record<string, unknown>, options: Partial<HostOptions> = {}): Promise<HumanHost> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-human-'));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers }));
  // Started by hand after the listeners are on: a trust question opens as soon as the servers start.
  const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent', ...options, autoStart: false });
  const unclaimed: ConsentRequest[] = [];
  const waiters: { kind: ConsentKind; resolve(request: ConsentRequest): void }[] = [];
  const opened: ConsentRequest[] = [];
  const closed: ConsentClosedEvent[] = [];
  const closedWaiters = new Map<string, (event: ConsentClosedEvent) => void>();
  host.on('consent.opened', (request) => {
    opened.push(request);
    const index = waiters.findIndex((waiter) => waiter.kind === request.kind);
    if (index >= 0) waiters.splice(index, 1)[0].resolve(request);
    else unclaimed.push(request);
  });
  host.on('consent.closed', (event) => {
    closed.push(event);
    closedWaiters.get(event.id)?.(event);
  });
  await host.servers.start();
  return {
    host,
    dataDir,
    configPath,
    opened,
    closed,
    nextRequest<K extends ConsentKind>(kind: K) {
      const index = unclaimed.findIndex((request) => request.kind === kind && host.consent.get(request.id) !== undefined);
      if (index >= 0) return Promise.resolve(unclaimed.splice(index, 1)[0] as ConsentRequestOf<K>);
      return new Promise((resolve) => waiters.push({ kind, resolve: resolve as (request: ConsentRequest) => void }));
    },
    closedEvent(id) {
      const seen = closed.find((event) => event.id === id);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => closedWaiters.set(id, resolve));
    },
    serverState(name, test) {
      return new Promise((resolve) => {
        const check = (states: ServerState[]): boolean => {
          const state = states.find((candidate) => candidate.name === name);
          if (!state || !test(state)) return false;
          stop();
          resolve(state);
          return true;
        };
        const stop = host.on('servers.changed', check);
        check(host.servers.list());
      });
    },
    async close() {
      await host.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The JSON a fixture's asking tool echoed. */
export function echoed(result: { content: unknown[] }): Record<string, unknown> {
  const [first] = result.content as { type: string; text?: string }[];
  if (first?.type !== 'text' || first.text === undefined) throw new Error(`expected a text result, got ${JSON.stringify(result)}`);
  return JSON.parse(first.text) as Record<string, unknown>;
}
