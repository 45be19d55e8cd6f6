import type { z } from 'zod';
import { HostError } from '../../../shared/api/host-error.ts';
import type { humanMethods, HumanResults } from '../../../shared/api/human-api.ts';
import type { ServerState } from '../../../shared/servers/server-state.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { ServerManager } from '../servers/server-manager.ts';
import type { HumanService } from './human-service.ts';

type HumanMethodName = keyof typeof humanMethods;

export type HumanHandlers = {
  [M in HumanMethodName]: (params: z.output<(typeof humanMethods)[M]>) => Promise<HumanResults[M]>;
};

type Servers = Pick<ServerManager, 'get' | 'restart'>;

/** The human-in-the-loop part of HostApi: approval modes, per-server choices, roots, trust, links. */
export function createHumanHandlers(human: HumanService, servers: Servers, events: HostEventBus): HumanHandlers {
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
      return askAgain(servers, events, server);
    },
    'servers.revokeTrust': async ({ server }) => {
      const state = require(servers, server);
      if (!state.trust) throw new HostError('conflict', `server "${server}" runs without a trust check here (the CLI trusts the file it was given)`);
      human.trust.revoke(state.trust.fingerprint);
      if (state.status === 'disabled' || state.status === 'error') return require(servers, server);
      return askAgain(servers, events, server);
    },
    'links.open': async ({ url, source }) => human.openLink(url, source),
  };
}

function require(servers: Servers, server: string): ServerState {
  const state = servers.get(server);
  if (!state) throw new HostError('not_found', `no server named "${server}"`);
  return state;
}

/** Starts the server again, which asks for trust; resolves once the question is open or the start went past it. */
function askAgain(servers: Servers, events: HostEventBus, server: string): Promise<ServerState> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (state: ServerState | undefined) => {
      if (settled) return;
      settled = true;
      stop();
      if (state) resolve(state);
      else reject(new HostError('not_found', `no server named "${server}"`));
    };
    const stop = events.on('servers.changed', (states) => {
      const state = states.find((candidate) => candidate.name === server);
      if (!state || state.trust?.requestId !== undefined || (state.status !== 'connecting' && state.status !== 'awaiting-trust')) finish(state);
    });
    servers.restart(server).then(finish, (error: unknown) => {
      if (settled) return;
      settled = true;
      stop();
      reject(error);
    });
  });
}
