import type { InputDefinition } from '../../../../shared/servers/config-inputs.ts';
import { VARIABLE_PATTERN } from '../../../../shared/servers/config-inputs.ts';
import type { ParsedConfigFile, ParsedServerEntry, ServerConfig } from '../../../../shared/servers/server-config.ts';

export interface VariableSources {
  /** The host's own environment, for `${env:NAME}`. */
  env: Readonly<Record<string, string | undefined>>;
  userHome: string;
  /** The value entered for an input, from the secret store. */
  inputValue(id: string): string | undefined;
}

/** Where variables are expanded: the launch (command, args, cwd, env) and the remote address (url, headers). */
const PLAIN_FIELDS = ['command', 'cwd', 'url'] as const;
const LIST_FIELDS = ['args'] as const;
const MAP_FIELDS = ['env', 'headers'] as const;
/** Values shown to the person (the trust review, the card): a password input's value must never land there. */
const SHOWN_FIELDS = new Set(['command', 'cwd', 'url', 'args']);

class Unresolved extends Error {}

/**
 * Expands `${env:NAME}`, `${input:ID}` and `${userHome}` (VS Code's spellings) in each entry. An entry with a
 * variable that cannot be expanded becomes a configuration error naming the field and the variable; the
 * other entries are untouched. Runs before secret-store references are swapped for their values (it leaves
 * `${switchboard-secret:…}` as it is), so a stored value is never read for variables.
 */
export function resolveVariables(config: ParsedConfigFile, sources: VariableSources): ParsedConfigFile {
  const inputs = new Map((config.inputs ?? []).map((input) => [input.id, input]));
  return { ...config, entries: config.entries.map((entry) => (entry.ok ? resolveEntry(entry, inputs, sources) : entry)) };
}

function resolveEntry(entry: Extract<ParsedServerEntry, { ok: true }>, inputs: Map<string, InputDefinition>, sources: VariableSources): ParsedServerEntry {
  const record = entry.config as unknown as Record<string, unknown>;
  const next: Record<string, unknown> = { ...record };
  const expand = (value: string, where: string, field: string) => expandValue(value, `mcpServers.${entry.name}.${where}`, SHOWN_FIELDS.has(field), inputs, sources);
  try {
    for (const field of PLAIN_FIELDS) if (typeof record[field] === 'string') next[field] = expand(record[field], field, field);
    for (const field of LIST_FIELDS) {
      const list = record[field];
      if (Array.isArray(list)) next[field] = list.map((item, index) => (typeof item === 'string' ? expand(item, `${field}[${index}]`, field) : item));
    }
    for (const field of MAP_FIELDS) {
      const map = record[field];
      if (typeof map === 'object' && map !== null) {
        next[field] = Object.fromEntries(Object.entries(map as Record<string, unknown>).map(([key, item]) => [key, typeof item === 'string' ? expand(item, `${field}.${key}`, field) : item]));
      }
    }
  } catch (error) {
    if (error instanceof Unresolved) return { name: entry.name, ok: false, error: error.message };
    throw error;
  }
  return { name: entry.name, ok: true, config: next as unknown as ServerConfig };
}

function expandValue(value: string, where: string, shown: boolean, inputs: Map<string, InputDefinition>, sources: VariableSources): string {
  if (!value.includes('${')) return value;
  return value.replace(VARIABLE_PATTERN, (whole, inner: string) => {
    if (inner === 'userHome') return sources.userHome;
    const colon = inner.indexOf(':');
    const kind = colon === -1 ? inner : inner.slice(0, colon);
    const name = colon === -1 ? '' : inner.slice(colon + 1);
    if (kind === 'env' && name !== '') {
      const found = sources.env[name];
      if (found === undefined) throw new Unresolved(`${where}: ${whole} is not set in Switchboard's environment`);
      return found;
    }
    if (kind === 'input' && name !== '') {
      const input = inputs.get(name);
      if (!input) throw new Unresolved(`${where}: ${whole} names an input that mcp.json's "inputs" does not define`);
      if (input.password && shown) throw new Unresolved(`${where}: ${whole} is a password input; use it in "env" or "headers", where its value is never shown`);
      const found = sources.inputValue(name);
      if (found === undefined) throw new Unresolved(`${where}: ${whole} has no value yet; enter it with "Enter values" on the server`);
      return found;
    }
    if (kind === 'switchboard-secret') return whole;
    throw new Unresolved(`${where}: ${whole} is not a variable Switchboard expands (it knows \${env:NAME}, \${input:ID} and \${userHome})`);
  });
}

/** The input ids each entry refers to, by server name, from the entries as written. */
export function inputsUsed(raw: Record<string, unknown>): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const visit = (value: unknown, ids: Set<string>): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(VARIABLE_PATTERN)) if (match[1].startsWith('input:')) ids.add(match[1].slice('input:'.length));
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, ids);
    } else if (typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) visit(item, ids);
    }
  };
  for (const [name, entry] of Object.entries(raw)) {
    const ids = new Set<string>();
    visit(entry, ids);
    if (ids.size > 0) used.set(name, ids);
  }
  return used;
}
