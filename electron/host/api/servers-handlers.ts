import type { z } from 'zod';
import { HostError } from '../../../shared/api/host-error.ts';
import type { serversMethods, ServersResults } from '../../../shared/api/servers-api.ts';
import { parseImportText } from '../../../shared/servers/import-config.ts';
import type { ServerManager } from '../servers/server-manager.ts';
import { tracedCall } from '../telemetry/call-tracer.ts';
import type { CallTracer } from '../telemetry/call-tracer.ts';

type ServersMethodName = keyof typeof serversMethods;

export type ServersHandlers = {
  [M in ServersMethodName]: (params: z.output<(typeof serversMethods)[M]>) => Promise<ServersResults[M]>;
};

/**
 * The servers part of HostApi: params arrive validated by Host.call; errors leave as HostError. `tracer`: Run tool's
 * calls are traces of their own while trace export is on.
 */
export function createServersHandlers(manager: ServerManager, tracer: () => CallTracer | undefined = () => undefined): ServersHandlers {
  return {
    'servers.list': async () => manager.list(),
    'servers.catalog': async ({ server }) => manager.catalog(server),
    'servers.logs': async ({ server }) => manager.logs(server),
    'servers.config': async () => manager.configSnapshot(),
    'servers.add': async ({ name, config }) => manager.addServer(name, config),
    'servers.update': async ({ name, config, rename }) => manager.updateServer(name, config, rename),
    'servers.remove': async ({ server }) => {
      await manager.removeServer(server);
      return { removed: server };
    },
    'servers.parseImport': async ({ text }) => {
      const parsed = parseImportText(text);
      if (!parsed.ok) throw new HostError('invalid_params', parsed.error);
      const existing = new Set(Object.keys(manager.configSnapshot().entries));
      return { candidates: parsed.candidates.map((candidate) => ({ ...candidate, exists: existing.has(candidate.name) })), inputs: parsed.inputs };
    },
    'servers.setEnabled': async ({ server, enabled }) => manager.setEnabled(server, enabled),
    'servers.restart': async ({ server }) => manager.restart(server),
    'tools.setEnabled': async ({ server, tool, enabled }) => manager.setToolEnabled(server, tool, enabled),
    'tools.call': async ({ server, tool, arguments: args, timeoutMs, callId }) =>
      tracedCall(tracer(), { source: 'run-tool', server, tool, state: manager.get(server) }, (traceContext) =>
        manager.callTool(server, tool, args, { timeoutMs, callId, activity: { source: 'run-tool', approval: 'person' }, ...(traceContext ? { traceContext } : {}) }),
      ),
    'resources.read': async ({ server, uri }) => manager.readResource(server, uri),
    'prompts.get': async ({ server, name, arguments: args }) => manager.getPrompt(server, name, args),
  };
}
