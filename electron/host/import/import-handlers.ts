import type { z } from 'zod';
import { HostError } from '../../../shared/api/host-error.ts';
import type { importMethods, ImportResults } from '../../../shared/api/import-api.ts';
import type { InputDefinition } from '../../../shared/servers/config-inputs.ts';
import type { ParsedConfigFile } from '../../../shared/servers/server-config.ts';
import { discoverConfigs } from './discover-configs.ts';
import type { LocationContext } from './host-locations.ts';

type ImportMethodName = keyof typeof importMethods;

export type ImportHandlers = {
  [M in ImportMethodName]: (params: z.output<(typeof importMethods)[M]>) => Promise<ImportResults[M]>;
};

/** What an import needs of the server manager. */
export interface ImportTarget {
  writtenConfig(): ParsedConfigFile;
  addServer(name: string, raw: unknown): Promise<unknown>;
  addInputs(inputs: InputDefinition[]): Promise<void>;
}

export function createImportHandlers(target: ImportTarget, context: () => LocationContext): ImportHandlers {
  return {
    'servers.discover': async () => (await discoverConfigs(context(), target.writtenConfig().raw)).result,
    'servers.importDiscovered': async ({ picks }) => {
      // Found afresh: only files in the known places are read, and the window never names a value.
      const { found } = await discoverConfigs(context(), target.writtenConfig().raw);
      const chosen = picks.map((pick) => ({ pick, match: found.find((item) => item.file.path === pick.path && item.server.name === pick.name) }));
      const inputs = new Map<string, InputDefinition>();
      for (const { match } of chosen) for (const input of match?.inputs ?? []) inputs.set(input.id, input);
      if (inputs.size > 0) await target.addInputs([...inputs.values()]);
      const outcomes: ImportResults['servers.importDiscovered']['outcomes'] = [];
      for (const { pick, match } of chosen) {
        if (!match) {
          outcomes.push({ as: pick.as, ok: false, error: `no server "${pick.name}" was found in ${pick.path}` });
          continue;
        }
        try {
          await target.addServer(pick.as, match.config);
          outcomes.push({ as: pick.as, ok: true });
        } catch (error) {
          outcomes.push({ as: pick.as, ok: false, error: HostError.from(error).message });
        }
      }
      return { outcomes };
    },
  };
}
