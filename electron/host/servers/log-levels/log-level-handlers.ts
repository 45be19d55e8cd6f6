import type { HostMethodParsedParams, HostMethodResults } from '../../../../shared/api/host-api.ts';
import type { LogLevelServers, LogLevels } from './log-levels.ts';

export function createLogLevelHandlers(levels: LogLevels, servers: LogLevelServers) {
  return {
    'servers.logLevel': async (params: HostMethodParsedParams<'servers.logLevel'>): Promise<HostMethodResults['servers.logLevel']> =>
      levels.view(params.server, servers),
    'servers.setLogLevel': async (params: HostMethodParsedParams<'servers.setLogLevel'>): Promise<HostMethodResults['servers.setLogLevel']> =>
      levels.set(params.server, params.level, servers),
  };
}
