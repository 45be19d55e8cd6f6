import type { ImportCandidate } from '../api/servers-api.ts';
import { parseServerEntry, serverNameSchema } from './server-config.ts';
import { describeJsonSyntaxError } from './json-syntax-error.ts';
import { parseInputDefinitions } from './config-inputs.ts';
import type { InputDefinition } from './config-inputs.ts';

export type ImportParse = { ok: true; candidates: ImportCandidate[]; inputs: InputDefinition[] } | { ok: false; error: string };

/**
 * Reads server entries pasted from another host, without applying them:
 * - Claude Desktop, Cursor, Windsurf: `{"mcpServers": {name: entry}}`
 * - VS Code: `{"servers": {name: entry}, "inputs": [...]}` (or `{"mcp": {"servers": …}}` from settings.json),
 *   with `type: "stdio" | "http" | "sse"`; comments and trailing commas are allowed there, so here too
 * - a bare map `{name: entry}`, or a single entry `{"command": …}` / `{"url": …}`, named after what it runs
 * - a fragment `"name": {…}` copied out of a larger file
 * Each entry is validated on its own; `exists` is left false for the caller to fill in.
 */
export function parseImportText(text: string): ImportParse {
  const json = readLenientJson(text);
  if (!json.ok) return json;
  return importFromJson(json.value);
}

/** The same for a configuration already read (a file found on disk): `inputs` are VS Code's, beside the servers. */
export function importFromJson(value: unknown): ImportParse {
  const map = findServerMap(value);
  if (!map.ok) return map;
  const inputs = parseInputDefinitions(findInputs(value));
  const used = new Set<string>();
  const candidates = map.entries.map(([rawName, rawEntry]) => {
    const name = uniqueName(rawName === undefined ? deriveName(rawEntry) : sanitizeName(rawName), used);
    return candidateFrom(name, normalizeEntry(rawEntry), inputs);
  });
  if (candidates.length === 0) return { ok: false, error: 'the pasted text has no server entries' };
  const usedInputs = inputs.filter((input) => candidates.some((candidate) => findPlaceholders(candidate.config).includes(`\${input:${input.id}}`)));
  return { ok: true, candidates, inputs: usedInputs };
}

function findInputs(value: unknown): unknown {
  if (!isObject(value)) return undefined;
  return value.inputs ?? (isObject(value.mcp) ? value.mcp.inputs : undefined);
}

/** Variables Switchboard expands when it starts the server (electron/host/servers/variables/). */
function expandable(placeholder: string, inputs: readonly InputDefinition[]): boolean {
  if (placeholder === '${userHome}' || /^\$\{env:[^}]+\}$/.test(placeholder)) return true;
  const input = /^\$\{input:([^}]+)\}$/.exec(placeholder)?.[1];
  return input !== undefined && inputs.some((definition) => definition.id === input);
}

function candidateFrom(name: string, entry: unknown, inputs: readonly InputDefinition[]): ImportCandidate {
  const parsed = parseServerEntry(name, entry);
  if (!parsed.ok) return { name, error: parsed.error, exists: false };
  const others = findPlaceholders(entry).filter((placeholder) => !expandable(placeholder, inputs));
  if (others.length === 0) return { name, config: parsed.config, exists: false };
  const undefinedInputs = others.filter((value) => value.startsWith('${input:'));
  const unknown = others.filter((value) => !value.startsWith('${input:'));
  const problems: string[] = [];
  if (undefinedInputs.length > 0) problems.push(`uses inputs its "inputs" do not define (${undefinedInputs.join(', ')})`);
  if (unknown.length > 0) problems.push(`uses variables Switchboard does not expand (${unknown.join(', ')}); replace them with the real values`);
  return { name, config: parsed.config, error: `${name}: ${problems.join('; ')}`, exists: false };
}

type Json = { ok: true; value: unknown } | { ok: false; error: string };

function readLenientJson(text: string): Json {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'nothing to import: the text is empty' };
  const cleaned = stripJsonComments(trimmed);
  const attempts = [cleaned, `{${cleaned}}`];
  for (const attempt of attempts) {
    try {
      return { ok: true, value: JSON.parse(attempt) };
    } catch {
      // Tried as it is, then as the inside of an object.
    }
  }
  // JSON.parse's message quotes a piece of the text, which may be a token: give the place instead.
  const cleanedHasLines = cleaned.split('\n').length === trimmed.split('\n').length;
  return { ok: false, error: `the pasted text is not valid JSON: ${describeJsonSyntaxError(cleaned)}${cleanedHasLines ? '' : ' (counted without its comments)'}` };
}

/** Drops `//` and `/* … *\/` comments and trailing commas outside strings (VS Code writes JSON with comments). */
export function stripJsonComments(text: string): string {
  let output = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      const start = index;
      index++;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      index++;
      output += text.slice(start, index);
    } else if (char === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') index++;
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 2;
    } else if (char === ',') {
      const next = text[nextSignificant(text, index + 1)];
      if (next !== '}' && next !== ']') output += char;
      index++;
    } else {
      output += char;
      index++;
    }
  }
  return output;
}

/** The index of the next character that is neither whitespace nor inside a comment. */
function nextSignificant(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    if (/\s/.test(text[index])) index++;
    else if (text.startsWith('//', index)) index = text.includes('\n', index) ? text.indexOf('\n', index) : text.length;
    else if (text.startsWith('/*', index)) index = text.includes('*/', index + 2) ? text.indexOf('*/', index + 2) + 2 : text.length;
    else break;
  }
  return index;
}

type ServerMap = { ok: true; entries: [string | undefined, unknown][] } | { ok: false; error: string };

function findServerMap(value: unknown): ServerMap {
  if (!isObject(value)) return { ok: false, error: 'expected a JSON object with "mcpServers", "servers", or a server entry' };
  for (const container of [value, value.mcp]) {
    if (!isObject(container)) continue;
    for (const key of ['mcpServers', 'servers']) {
      if (!(key in container)) continue;
      const servers = container[key];
      if (!isObject(servers)) return { ok: false, error: `"${key}" must be an object that maps names to server entries` };
      return { ok: true, entries: Object.entries(servers) };
    }
  }
  if (looksLikeEntry(value)) return { ok: true, entries: [[undefined, value]] };
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([, entry]) => isObject(entry)) && entries.some(([, entry]) => looksLikeEntry(entry))) {
    return { ok: true, entries };
  }
  return { ok: false, error: 'found no server entries: expected "mcpServers", "servers", a map of names to entries, or one entry with "command" or "url"' };
}

/** Brings other hosts' spellings to the `mcpServers` shape mcp.json uses. */
function normalizeEntry(entry: unknown): unknown {
  if (!isObject(entry)) return entry;
  const result: Record<string, unknown> = { ...entry };
  if (result.url === undefined && typeof result.serverUrl === 'string') {
    result.url = result.serverUrl;
    delete result.serverUrl;
  }
  if ('command' in result) {
    if (result.type === 'stdio') delete result.type;
  } else if (result.type === 'streamable-http' || result.type === 'streamableHttp' || result.type === 'streamable_http') {
    result.type = 'http';
  }
  return result;
}

function findPlaceholders(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    for (const match of value.matchAll(/\$\{[^}]+\}/g)) if (!found.includes(match[0])) found.push(match[0]);
  } else if (Array.isArray(value)) {
    for (const item of value) findPlaceholders(item, found);
  } else if (isObject(value)) {
    for (const item of Object.values(value)) findPlaceholders(item, found);
  }
  return found;
}

const LAUNCHERS = new Set(['npx', 'bunx', 'uvx', 'pipx', 'pnpx', 'deno', 'docker', 'podman', 'pnpm', 'yarn', 'npm', 'bun', 'uv']);
const SKIPPED_WORDS = new Set(['run', 'dlx', 'exec', 'x', 'tool', 'tools', '-m', 'start']);

/** A readable name for an entry pasted without one: the package, image or host it points at. */
export function deriveName(entry: unknown): string {
  if (!isObject(entry)) return 'server';
  if (typeof entry.url === 'string' || typeof entry.serverUrl === 'string') {
    try {
      const url = new URL(String(entry.url ?? entry.serverUrl));
      const labels = url.hostname.split('.').filter((label) => !['www', 'mcp', 'api', 'server'].includes(label));
      const host = labels.length > 1 ? labels[labels.length - 2] : (labels[0] ?? url.hostname);
      return sanitizeName(url.port && (host === 'localhost' || /^[\d.]+$/.test(url.hostname)) ? `${host}-${url.port}` : host);
    } catch {
      return 'server';
    }
  }
  if (typeof entry.command !== 'string') return 'server';
  const command = baseName(entry.command).replace(/\.(cmd|bat|exe)$/i, '');
  const args = Array.isArray(entry.args) ? entry.args.filter((arg): arg is string => typeof arg === 'string') : [];
  let subject = command;
  if (LAUNCHERS.has(command) || ['node', 'python', 'python3', 'deno', 'bun'].includes(command)) {
    const target = args.find((arg, index) => !arg.startsWith('-') && !SKIPPED_WORDS.has(arg) && !(index > 0 && ['-e', '--env', '-v', '--name'].includes(args[index - 1])));
    if (target) subject = target;
  }
  return sanitizeName(packageStem(subject));
}

function packageStem(subject: string): string {
  let stem = subject;
  if (stem.includes('/') || stem.includes('\\')) {
    const scoped = stem.startsWith('@') && stem.split('/').length === 2;
    stem = scoped ? stem.split('/')[1] : baseName(stem);
  }
  stem = stem.replace(/@[^@/]*$/, '').replace(/:[^:]*$/, '').replace(/\.(m?[jt]s|py)$/, '');
  stem = stem.replace(/^(mcp-server-|server-|mcp-)/, '').replace(/(-mcp-server|-mcp|-server)$/, '');
  return stem || subject;
}

function baseName(value: string): string {
  const parts = value.split(/[\\/]/);
  return parts[parts.length - 1] || value;
}

function sanitizeName(name: string): string {
  const cleaned = name
    .trim()
    .replace(/[^A-Za-z0-9 ._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 64)
    .trim();
  return serverNameSchema.safeParse(cleaned).success ? cleaned : 'server';
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let suffix = 2; used.has(candidate); suffix++) candidate = `${name.slice(0, 60)}-${suffix}`;
  used.add(candidate);
  return candidate;
}

function looksLikeEntry(value: unknown): boolean {
  return isObject(value) && (typeof value.command === 'string' || typeof value.url === 'string' || typeof value.serverUrl === 'string');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
