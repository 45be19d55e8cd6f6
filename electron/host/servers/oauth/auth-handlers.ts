import type { z } from 'zod';
import { HostError } from '../../../../shared/api/host-error.ts';
import type { authMethods, AuthResults } from '../../../../shared/api/auth-api.ts';
import type { ServerManager } from '../server-manager.ts';
import type { ClientMetadataSetting } from './client-metadata-setting.ts';
import type { ServerOAuth } from './server-oauth.ts';

type AuthMethodName = keyof typeof authMethods;

export type AuthHandlers = {
  [M in AuthMethodName]: (params: z.output<(typeof authMethods)[M]>) => Promise<AuthResults[M]>;
};

export function createAuthHandlers(manager: ServerManager, oauth: ServerOAuth, clientMetadata: ClientMetadataSetting): AuthHandlers {
  return {
    'servers.signIn': async ({ server }) => manager.signIn(server),
    'servers.signOut': async ({ server }) => manager.signOut(server),
    'servers.setOAuthClient': async ({ server, clientId, clientSecret }) => {
      const launch = manager.get(server)?.launch;
      if (!launch) throw new HostError('not_found', `no server named "${server}" with a valid configuration`);
      if (launch.transport === 'stdio') throw new HostError('invalid_params', `server "${server}" runs locally; only remote servers sign in`);
      if (clientId === null && clientSecret !== undefined) throw new HostError('invalid_params', 'a client secret needs a client ID');
      oauth.setClient(server, launch.url, clientId === null ? undefined : { clientId, clientSecret });
      return manager.get(server)!;
    },
    'servers.oauthSettings': async () => clientMetadata.view(),
    'servers.setClientMetadataUrl': async ({ url }) => {
      if (clientMetadata.view().fromCommandLine) throw new HostError('conflict', 'the client metadata URL was set with --client-metadata-url for this run');
      return clientMetadata.set(url);
    },
  };
}
