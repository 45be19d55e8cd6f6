import type { ConfigSnapshot } from '../../../shared/api/servers-api.ts';
import type { ServerState } from '../../../shared/servers/server-state.ts';
import type { Host } from '../host.ts';
import { CliError } from './cli-error.ts';
import { oneLine } from './terminal-text.ts';

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

/** The server's state once connected; otherwise a CliError saying why not (not configured, disabled, failed). */
export async function connectedServer(host: Host, name: string, timeoutMs: number, configPath: string): Promise<ServerState> {
  const state = await waitForServer(host, name, timeoutMs);
  if (!state) {
    const { fileError } = (await host.call('servers.config', {})) as ConfigSnapshot;
    if (fileError) throw new CliError(`cannot use ${configPath}: ${oneLine(fileError)}`);
    const configured = host.servers.list().map((candidate) => oneLine(candidate.name));
    throw new CliError(`no server named "${oneLine(name)}" in ${configPath}; configured: ${configured.length > 0 ? configured.join(', ') : '(none)'}`);
  }
  if (state.status === 'disabled') throw new CliError(`server "${state.name}" is disabled in ${configPath}`);
  if (state.status !== 'connected') {
    const why = state.reason ?? (state.status === 'connecting' ? `did not connect within ${timeoutMs} ms` : 'no reason given');
    throw new CliError(`server "${state.name}" is not connected (${state.status}): ${oneLine(why)}`);
  }
  return state;
}
