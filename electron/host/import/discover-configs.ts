import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InputDefinition } from '../../../shared/servers/config-inputs.ts';
import type { DiscoveredFile, DiscoveredServer, DiscoveryResult } from '../../../shared/servers/discovered-config.ts';
import { importFromJson } from '../../../shared/servers/import-config.ts';
import { isStdioConfig, parseServerEntry } from '../../../shared/servers/server-config.ts';
import type { ServerConfig } from '../../../shared/servers/server-config.ts';
import { redactEntry } from '../../../shared/servers/stored-values.ts';
import { configLocations } from './host-locations.ts';
import type { ConfigLocation, LocationContext } from './host-locations.ts';
import { claudeCodeProjects, parseJsonc, parseYaml, serversIn } from './read-host-config.ts';

/** At most this many of Claude Code's projects are looked into, so a long history does not mean a long wait. */
const MAX_PROJECTS = 20;
/** Settings files are small; anything bigger is not read. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface FoundServer {
  file: DiscoveredFile;
  server: DiscoveredServer;
  /** The entry with its real values, for the import; never sent to the window. */
  config: ServerConfig;
  inputs: InputDefinition[];
}

export interface Discovery {
  result: DiscoveryResult;
  found: FoundServer[];
}

export function defaultLocationContext(): LocationContext {
  return { platform: process.platform, home: os.homedir(), appData: process.env.APPDATA, projectDirs: [process.cwd()] };
}

/**
 * Looks in every place another MCP host keeps its servers, reads what is there, and says for each server
 * whether it is new here, present already (the same launch), or clashes with a server of that name.
 * Nothing is started or written.
 */
export async function discoverConfigs(context: LocationContext, configured: Record<string, unknown>): Promise<Discovery> {
  const claudeCode = await readText(path.join(context.home, '.claude.json')).catch(() => undefined);
  const projects = claudeCode === undefined ? [] : safely(() => claudeCodeProjects(JSON.parse(claudeCode)), []);
  const projectDirs = [...new Set([...context.projectDirs, ...projects.slice(0, MAX_PROJECTS)])].filter((dir) => path.resolve(dir) !== path.resolve(context.home));
  const locations = configLocations({ ...context, projectDirs });
  const launches = configuredLaunches(configured);
  const taken = new Set(Object.keys(configured));
  const files: DiscoveredFile[] = [];
  const found: FoundServer[] = [];
  let searched = 0;
  for (const location of locations) {
    searched++;
    let text: string | undefined;
    try {
      text = await readText(location.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') continue;
      files.push({ host: location.host, scope: location.scope, path: location.path, error: `cannot be read: ${(error as Error).message}`, servers: [] });
      continue;
    }
    const read = await readServers(location, text);
    if ('error' in read) {
      files.push({ host: location.host, scope: location.scope, path: location.path, error: read.error, servers: [] });
      continue;
    }
    if (read.servers.length === 0) continue;
    const file: DiscoveredFile = { host: location.host, scope: location.scope, path: location.path, servers: [] };
    for (const candidate of read.servers) {
      const server = classify(candidate, location, launches, taken);
      file.servers.push(server);
      if (candidate.config) found.push({ file, server, config: candidate.config, inputs: read.inputs });
    }
    files.push(file);
  }
  return { result: { files, searched }, found };
}

async function readText(file: string): Promise<string> {
  const text = await readFile(file, 'utf8');
  if (Buffer.byteLength(text) > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  return text;
}

type ReadServers = { servers: { name: string; config?: ServerConfig; error?: string }[]; inputs: InputDefinition[] } | { error: string };

async function readServers(location: ConfigLocation, text: string): Promise<ReadServers> {
  let value: unknown;
  try {
    value = location.format === 'yaml' ? await parseYaml(text) : parseJsonc(text);
  } catch (error) {
    return { error: `is not valid ${location.format === 'yaml' ? 'YAML' : 'JSON'}: ${(error as Error).message.split('\n')[0]}` };
  }
  const servers = serversIn(location, value);
  if (Object.keys(servers.mcpServers).length === 0) return { servers: [], inputs: [] };
  const parsed = importFromJson(servers);
  if (!parsed.ok) return { servers: [], inputs: [] };
  return { servers: parsed.candidates, inputs: parsed.inputs };
}

/** What makes two entries the same server: what runs, or where it is. */
function launchKey(config: ServerConfig): string {
  return isStdioConfig(config) ? JSON.stringify(['stdio', config.command, config.args ?? [], config.cwd ?? null]) : JSON.stringify(['remote', config.url]);
}

function configuredLaunches(configured: Record<string, unknown>): Map<string, string> {
  const launches = new Map<string, string>();
  for (const [name, raw] of Object.entries(configured)) {
    const parsed = parseServerEntry(name, raw);
    if (parsed.ok && !launches.has(launchKey(parsed.config))) launches.set(launchKey(parsed.config), name);
  }
  return launches;
}

function classify(candidate: { name: string; config?: ServerConfig; error?: string }, location: ConfigLocation, launches: Map<string, string>, taken: Set<string>): DiscoveredServer {
  const shown = { name: candidate.name, ...(candidate.config ? { config: redactEntry(candidate.config) as ServerConfig } : {}), ...(candidate.error ? { error: candidate.error } : {}) };
  const presentAs = candidate.config ? launches.get(launchKey(candidate.config)) : undefined;
  if (presentAs !== undefined) return { ...shown, status: 'present', presentAs };
  if (!taken.has(candidate.name)) {
    taken.add(candidate.name);
    return { ...shown, status: 'new' };
  }
  const base = `${candidate.name.slice(0, 48)}-${location.host}`;
  let rename = base;
  for (let suffix = 2; taken.has(rename); suffix++) rename = `${base}-${suffix}`;
  taken.add(rename);
  return { ...shown, status: 'clash', rename };
}

function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}
