import { randomBytes } from 'node:crypto';
import type { ParsedConfigFile, ParsedServerEntry, ServerConfig } from '../../../../shared/servers/server-config.ts';
import { isStdioConfig } from '../../../../shared/servers/server-config.ts';
import { secretRef, secretRefId } from '../../../../shared/servers/secret-ref.ts';
import { isStoredValue, SECRET_FIELDS } from '../../../../shared/servers/stored-values.ts';
import type { SecretStore } from '../../store/secrets.ts';

const KEY_PREFIX = 'server-value:';

/**
 * The names (env variables or headers) of a resolved config whose values came from the secret store, so the
 * trust dialog can say truly where each value is. Set on every resolved config, so a key of that name written
 * into mcp.json by hand is overwritten, never believed.
 */
export const FROM_SECRET_STORE = 'fromSecretStore';

/**
 * A value built on `${env:NAME}` or `${input:ID}` (`Bearer ${input:token}`): the secret is the variable's, kept
 * elsewhere, and the file must show which input a server uses.
 */
function isVariableReference(value: string): boolean {
  return /\$\{(?:env|input):[^}]+\}/.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every secret id an entry (or a whole `mcpServers` object) refers to. */
export function referencedIds(value: unknown, found = new Set<string>()): Set<string> {
  const id = secretRefId(value);
  if (id !== undefined) found.add(id);
  else if (Array.isArray(value)) for (const item of value) referencedIds(item, found);
  else if (isRecord(value)) for (const item of Object.values(value)) referencedIds(item, found);
  return found;
}

/**
 * Env and header values entered through the host API (the add/edit form, an import) go to the secret store;
 * `mcp.json` gets a reference to each. Values written into the file by hand stay as they are.
 */
export class EntrySecrets {
  private readonly store: SecretStore | undefined;

  constructor(store: SecretStore | undefined) {
    this.store = store;
  }

  /**
   * `incoming` is the entry as sent (markers for kept values), `entry` the same after the markers were
   * replaced by what the file holds. Every value that was sent rather than kept is stored, and replaced by a
   * reference. Returns the entry to write and the ids created, to drop again if the write fails. Without a
   * store (unit tests of the manager), values are written as given.
   */
  storeEntered(incoming: unknown, entry: unknown): { entry: unknown; created: string[] } {
    const store = this.store;
    if (!store || !isRecord(incoming) || !isRecord(entry)) return { entry, created: [] };
    const created: string[] = [];
    const result: Record<string, unknown> = { ...entry };
    for (const field of SECRET_FIELDS) {
      const sent = incoming[field];
      const value = result[field];
      if (!isRecord(sent) || !isRecord(value)) continue;
      result[field] = Object.fromEntries(
        Object.entries(value).map(([key, item]) => {
          if (isStoredValue(sent[key]) || typeof item !== 'string' || isVariableReference(item)) return [key, item];
          const id = randomBytes(12).toString('base64url');
          store.set(KEY_PREFIX + id, item);
          created.push(id);
          return [key, secretRef(id)];
        }),
      );
    }
    return { entry: result, created };
  }

  /**
   * Forgets stored values that no entry of `servers` refers to any more, among the ids given. Tidying only:
   * it never throws (on a full disk the edit's own outcome is what the person needs to hear about), and a
   * value left behind is harmless.
   */
  forgetUnused(ids: Iterable<string>, servers: Record<string, unknown>): void {
    if (!this.store) return;
    const used = referencedIds(servers);
    for (const id of ids) {
      if (used.has(id)) continue;
      try {
        this.store.delete(KEY_PREFIX + id);
      } catch {
        return;
      }
    }
  }

  /**
   * The configuration with every reference replaced by its value, for launching. An entry whose value cannot
   * be found (stored by the desktop app's keychain and read in browser mode, or a data folder from another
   * computer) becomes a configuration error that names the key, never a launch with a placeholder.
   */
  resolve(config: ParsedConfigFile): ParsedConfigFile {
    return { ...config, entries: config.entries.map((entry) => (entry.ok ? this.resolveEntry(entry) : entry)) };
  }

  private resolveEntry(entry: Extract<ParsedServerEntry, { ok: true }>): ParsedServerEntry {
    const config = entry.config;
    const field = isStdioConfig(config) ? 'env' : 'headers';
    const values: Record<string, string> = (isStdioConfig(config) ? config.env : config.headers) ?? {};
    const fromStore: string[] = [];
    const resolved: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      const id = secretRefId(value);
      if (id === undefined) {
        resolved[key] = value;
        continue;
      }
      let stored: string | undefined;
      try {
        stored = this.store?.get(KEY_PREFIX + id);
      } catch (error) {
        return { name: entry.name, ok: false, error: `mcpServers.${entry.name}.${field}.${key}: the secret store cannot be read (${(error as Error).message})` };
      }
      if (stored === undefined) {
        return {
          name: entry.name,
          ok: false,
          error: `mcpServers.${entry.name}.${field}.${key}: its value is not in this computer's secret store (it may have been stored by the desktop app or on another computer); edit the server and enter it again`,
        };
      }
      resolved[key] = stored;
      fromStore.push(key);
    }
    const next: Record<string, unknown> = { ...config, [FROM_SECRET_STORE]: fromStore.sort() };
    if (Object.hasOwn(config, field)) next[field] = resolved;
    return { name: entry.name, ok: true, config: next as ServerConfig };
  }
}
