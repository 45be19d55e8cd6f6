import { stripJsonComments } from '../../../shared/servers/import-config.ts';
import type { ConfigLocation } from './host-locations.ts';

/** A file's servers in the shape `importFromJson` reads: `mcpServers` (or VS Code's `servers`) and `inputs`. */
export interface ServersObject {
  mcpServers: Record<string, unknown>;
  inputs?: unknown;
}

/** JSON with comments and trailing commas, as VS Code and Zed write their settings. */
export function parseJsonc(text: string): unknown {
  return JSON.parse(stripJsonComments(text));
}

export async function parseYaml(text: string): Promise<unknown> {
  // Loaded only when a Goose file is there to read.
  const { parse } = await import('yaml');
  return parse(text) as unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Brings one host's file to the `mcpServers` shape; entries that are not MCP launches (built-ins, extensions) are left out. */
export function serversIn(location: ConfigLocation, value: unknown): ServersObject {
  if (!isObject(value)) return { mcpServers: {} };
  switch (location.shape) {
    case 'mcpServers':
      return { mcpServers: isObject(value.mcpServers) ? value.mcpServers : isObject(value.servers) ? value.servers : {} };
    case 'vscode-mcp':
      return { mcpServers: isObject(value.servers) ? value.servers : {}, inputs: value.inputs };
    case 'vscode-settings': {
      const mcp = isObject(value.mcp) ? value.mcp : {};
      return { mcpServers: isObject(mcp.servers) ? mcp.servers : {}, inputs: mcp.inputs };
    }
    case 'claude-code-user':
      return { mcpServers: claudeCodeServers(value) };
    case 'goose':
      return { mcpServers: gooseServers(value) };
    case 'zed':
      return { mcpServers: zedServers(value) };
  }
}

/** The user scope's servers, then each project's local-scope ones (a name already taken gets the project's folder name). */
function claudeCodeServers(value: Record<string, unknown>): Record<string, unknown> {
  const servers: Record<string, unknown> = { ...(isObject(value.mcpServers) ? value.mcpServers : {}) };
  if (!isObject(value.projects)) return servers;
  for (const [project, settings] of Object.entries(value.projects)) {
    if (!isObject(settings) || !isObject(settings.mcpServers)) continue;
    const folder = project.split(/[\\/]/).filter(Boolean).at(-1) ?? 'project';
    for (const [name, entry] of Object.entries(settings.mcpServers)) servers[Object.hasOwn(servers, name) ? `${name}-${folder}` : name] = entry;
  }
  return servers;
}

/** The folders Claude Code has local-scope settings for: their project files are worth a look too. */
export function claudeCodeProjects(value: unknown): string[] {
  return isObject(value) && isObject(value.projects) ? Object.keys(value.projects) : [];
}

/**
 * Goose's `extensions`: `type: stdio` with `cmd`, `args`, `envs`; `sse` and `streamable_http` with `uri` (and
 * `headers`); `enabled: false` stays off. Built-in and platform extensions run inside Goose and are left out.
 */
function gooseServers(value: Record<string, unknown>): Record<string, unknown> {
  const servers: Record<string, unknown> = {};
  if (!isObject(value.extensions)) return servers;
  for (const [name, item] of Object.entries(value.extensions)) {
    if (!isObject(item)) continue;
    const extension = isObject(item.config) ? { ...item.config, enabled: item.enabled } : item;
    const disabled = extension.enabled === false ? { disabled: true } : {};
    if (extension.type === 'stdio' && typeof extension.cmd === 'string') {
      servers[name] = { command: extension.cmd, ...(Array.isArray(extension.args) ? { args: extension.args } : {}), ...(isObject(extension.envs) && Object.keys(extension.envs).length > 0 ? { env: extension.envs } : {}), ...disabled };
    } else if ((extension.type === 'sse' || extension.type === 'streamable_http') && typeof extension.uri === 'string') {
      servers[name] = { type: extension.type === 'sse' ? 'sse' : 'http', url: extension.uri, ...(isObject(extension.headers) && Object.keys(extension.headers).length > 0 ? { headers: extension.headers } : {}), ...disabled };
    }
  }
  return servers;
}

/**
 * Zed's `context_servers`: `command` with `args` and `env` (older files nest them: `command: {path, args, env}`),
 * or `url` with `headers`. Servers an extension provides carry no command and are left out.
 */
function zedServers(value: Record<string, unknown>): Record<string, unknown> {
  const servers: Record<string, unknown> = {};
  if (!isObject(value.context_servers)) return servers;
  for (const [name, item] of Object.entries(value.context_servers)) {
    if (!isObject(item)) continue;
    const disabled = item.enabled === false ? { disabled: true } : {};
    const nested = isObject(item.command) ? item.command : undefined;
    const command = nested ? nested.path : item.command;
    if (typeof command === 'string') {
      const args = nested ? nested.args : item.args;
      const env = nested ? nested.env : item.env;
      servers[name] = { command, ...(Array.isArray(args) ? { args } : {}), ...(isObject(env) && Object.keys(env).length > 0 ? { env } : {}), ...disabled };
    } else if (typeof item.url === 'string') {
      servers[name] = { url: item.url, ...(isObject(item.headers) ? { headers: item.headers } : {}), ...disabled };
    }
  }
  return servers;
}
