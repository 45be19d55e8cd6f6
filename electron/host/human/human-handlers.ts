import type { z } from 'zod';
import { HostError } from '../../../shared/api/host-error.ts';
import type { humanMethods, HumanResults } from '../../../shared/api/human-api.ts';
import type { ServerState } from '../../../shared/servers/server-state.ts';
import type { ServerManager } from '../servers/server-manager.ts';
import type { HumanService } from './human-service.ts';

type HumanMethodName = keyof typeof humanMethods;

export type HumanHandlers = {
  [M in HumanMethodName]: (params: z.output<(typeof humanMethods)[M]>) => Promise<HumanResults[M]>;
};

type Servers = Pick<ServerManager, 'get' | 'restart'>;

/** The human-in-the-loop part of HostApi: approval modes, per-server choices, roots, trust, links. */
export function createHumanHandlers(human: HumanService, servers: Servers): HumanHandlers {
  return {
    'human.get': async () => human.settings(),
    'human.setApprovalMode': async ({ mode }) => human.setApprovalMode(mode),
    'human.setServer': async ({ server, ...patch }) => human.setServer(server, patch),
    'roots.get': async ({ server }) => human.roots(server),
    'roots.set': async ({ server, roots }) => human.setRoots(server, roots),
    'roots.pickFolder': async ({ title }) => human.pickFolder(title),
    'servers.trust': async ({ server }) => {
      const state = require(servers, server);
      if (state.status === 'awaiting-trust' && state.trust?.requestId) return state;
      if (state.status !== 'untrusted' && state.status !== 'awaiting-trust') return state;
      return askAgain(servers, server);
    },
    'servers.revokeTrust': async ({ server }) => {
      const state = require(servers, server);
      if (!state.trust) throw new HostError('conflict', `server "${server}" runs without a trust check here (the CLI trusts the file it was given)`);
      human.trust.revoke(state.trust.fingerprint);
      if (state.status === 'disabled' || state.status === 'error') return require(servers, server);
      return askAgain(servers, server);
    },
    'links.open': async ({ url, source }) => human.openLink(url, source),
  };
}

function require(servers: Servers, server: string): ServerState {
  const state = servers.get(server);
  if (!state) throw new HostError('not_found', `no server named "${server}"`);
  return state;
}

/** Starts the server again, which asks for trust; returns once the question is open (or the start went past it). */
async function askAgain(servers: Servers, server: string): Promise<ServerState> {
  await servers.restart(server);
  return require(servers, server);
}
