import type { ServerState } from '../../../shared/servers/server-state.ts';
import type { Host } from '../host.ts';

/**
 * Resolves with the server's state once it has stopped connecting (or the time is up), without waiting for
 * the other servers. `undefined` when no server of that name is configured.
 */
export function waitForServer(host: Host, name: string, timeoutMs: number): Promise<ServerState | undefined> {
  return new Promise((resolve) => {
    let unsubscribe = (): void => undefined;
    const finish = (state: ServerState | undefined): void => {
      clearTimeout(timer);
      unsubscribe();
      resolve(state);
    };
    const timer = setTimeout(() => finish(host.servers.get(name)), timeoutMs);
    unsubscribe = host.on('servers.changed', (states) => {
      const state = states.find((candidate) => candidate.name === name);
      if (state?.status !== 'connecting') finish(state);
    });
    const current = host.servers.get(name);
    if (current?.status !== 'connecting') finish(current);
  });
}
