import { HostError } from '../../../../shared/api/host-error.ts';
import { parseServerEntry } from '../../../../shared/servers/server-config.ts';
import type { ParsedConfigFile } from '../../../../shared/servers/server-config.ts';
import type { McpConfigFile } from '../config-file.ts';
import { keepStoredValues } from '../stored-values.ts';
import type { EntrySecrets } from './entry-secrets.ts';
import { referencedIds } from './entry-secrets.ts';

/**
 * Turns an entry sent through the host API into the entry to write: kept values as the file holds them,
 * the entry validated, then each value typed anew moved to the secret store. `stored` is the entry as the
 * file holds it now (undefined for a new server).
 */
export type PrepareEntry = (name: string, raw: unknown, stored: unknown) => unknown;

/**
 * One edit of `mcpServers` through `mcp.json`'s write queue. Values stored for it are dropped again if the
 * write fails, and values the edit stopped referring to (a replaced token, a removed server) are forgotten
 * once the file no longer names them.
 */
export async function editServers(
  file: McpConfigFile,
  secrets: EntrySecrets,
  edit: (servers: Record<string, unknown>, prepare: PrepareEntry) => Record<string, unknown>,
): Promise<ParsedConfigFile> {
  const created: string[] = [];
  let before: Record<string, unknown> = {};
  const prepare: PrepareEntry = (name, raw, stored) => {
    const entry = keepStoredValues(name, raw, stored);
    const parsed = parseServerEntry(name, entry);
    if (!parsed.ok) throw new HostError('invalid_params', parsed.error);
    const result = secrets.storeEntered(raw, entry);
    created.push(...result.created);
    return result.entry;
  };
  let config: ParsedConfigFile;
  try {
    config = await file.updateServers((servers) => {
      before = servers;
      return edit(servers, prepare);
    });
  } catch (error) {
    secrets.forgetUnused(created, {});
    throw error;
  }
  secrets.forgetUnused(referencedIds(before), config.raw);
  return config;
}
