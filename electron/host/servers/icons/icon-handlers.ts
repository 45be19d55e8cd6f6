import type { HostMethodParsedParams, HostMethodResults } from '../../../../shared/api/host-api.ts';
import type { ServerIcons } from './server-icons.ts';

export function createIconHandlers(icons: ServerIcons) {
  return {
    'servers.icon': (params: HostMethodParsedParams<'servers.icon'>): Promise<HostMethodResults['servers.icon']> => icons.icon(params.server, params.src),
  };
}
