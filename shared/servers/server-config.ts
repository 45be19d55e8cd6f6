import { z } from 'zod';
import { callTimeoutSchema } from './call-timeouts.ts';
import { parseInputDefinitions } from './config-inputs.ts';
import type { InputDefinition } from './config-inputs.ts';
import { describeJsonSyntaxError } from './json-syntax-error.ts';
import { protocolRevisionSchema } from './protocol-revision.ts';

/*
 * Values Node would refuse at spawn or fetch time are refused here instead: those errors quote the value, and
 * they would reach the log and the UI. These messages never include it.
 */
const envValueSchema = z.string().refine((value) => !value.includes('\0'), 'an environment value cannot hold a NUL character');
const headerValueSchema = z
  .string()
  .refine(
    (value) => !/[\0\r\n]|[^\0-\u00ff]/.test(value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '')),
    'a header value cannot hold line breaks, NUL or characters beyond U+00FF',
  );

/**
 * One entry of `mcp.json`, in the `mcpServers` shape that Claude Desktop, Cursor and others use.
 * Unknown keys are kept (people paste configs from other hosts that add their own) but ignored.
 */
export const stdioServerConfigSchema = z.looseObject({
  type: z.literal('stdio').optional(),
  command: z.string().trim().min(1, 'command must be a non-empty string'),
  args: z.array(z.string(), 'args must be an array of strings').optional(),
  env: z.record(z.string(), envValueSchema, 'env must map names to string values').optional(),
  cwd: z.string().min(1).optional(),
  disabled: z.boolean().optional(),
  timeout: callTimeoutSchema.optional(),
  protocolVersion: protocolRevisionSchema.optional(),
});

export const remoteServerConfigSchema = z.looseObject({
  /** `sse` is the 2024-11-05 HTTP+SSE transport, kept only as the spec's fallback. */
  type: z.enum(['http', 'streamable-http', 'sse']).optional(),
  url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
  headers: z.record(z.string(), headerValueSchema, 'headers must map names to string values').optional(),
  disabled: z.boolean().optional(),
  timeout: callTimeoutSchema.optional(),
  protocolVersion: protocolRevisionSchema.optional(),
});

export type StdioServerConfig = z.infer<typeof stdioServerConfigSchema>;
export type RemoteServerConfig = z.infer<typeof remoteServerConfigSchema>;
export type ServerConfig = StdioServerConfig | RemoteServerConfig;

export type TransportKind = 'stdio' | 'http' | 'sse';

export function transportOf(config: ServerConfig): TransportKind {
  if ('command' in config) return 'stdio';
  return config.type === 'sse' ? 'sse' : 'http';
}

export function isStdioConfig(config: ServerConfig): config is StdioServerConfig {
  return 'command' in config;
}

/** Names become tool-name prefixes for the model, so keep them to a safe, readable alphabet. */
export const serverNameSchema = z
  .string()
  .trim()
  .min(1, 'a server name cannot be empty')
  .max(64, 'a server name is at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'a server name uses letters, digits, space, dot, dash and underscore');

export type ParsedServerEntry =
  | { name: string; ok: true; config: ServerConfig }
  | { name: string; ok: false; error: string };

function describeIssues(name: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = ['mcpServers', name, ...issue.path.map(String)].join('.');
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}

/** Validates one entry on its own, so one bad entry never stops the others. */
export function parseServerEntry(name: string, raw: unknown): ParsedServerEntry {
  const nameCheck = serverNameSchema.safeParse(name);
  if (!nameCheck.success) return { name, ok: false, error: `mcpServers["${name}"]: ${nameCheck.error.issues[0]?.message}` };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { name, ok: false, error: `mcpServers.${name}: expected an object with "command" or "url"` };
  }
  const record = raw as Record<string, unknown>;
  const hasCommand = 'command' in record;
  const hasUrl = 'url' in record || 'serverUrl' in record;
  if (hasCommand && hasUrl) {
    return { name, ok: false, error: `mcpServers.${name}: has both "command" and "url"; keep one` };
  }
  if (!hasCommand && !hasUrl) {
    return { name, ok: false, error: `mcpServers.${name}: needs "command" (a local server) or "url" (a remote one)` };
  }
  if (hasCommand) {
    if (record.type !== undefined && record.type !== 'stdio') {
      return { name, ok: false, error: `mcpServers.${name}.type: "${String(record.type)}" does not go with "command"` };
    }
    const parsed = stdioServerConfigSchema.safeParse(record);
    return parsed.success ? { name, ok: true, config: parsed.data } : { name, ok: false, error: describeIssues(name, parsed.error) };
  }
  // Windsurf writes `serverUrl`; accept it as `url`.
  const normalized = 'url' in record ? record : { ...record, url: record.serverUrl };
  const parsed = remoteServerConfigSchema.safeParse(normalized);
  return parsed.success ? { name, ok: true, config: parsed.data } : { name, ok: false, error: describeIssues(name, parsed.error) };
}

export interface ParsedConfigFile {
  /** Set when the file as a whole cannot be used (bad JSON, wrong top-level shape). */
  fileError?: string;
  entries: ParsedServerEntry[];
  /** The `mcpServers` entries exactly as written, in file order, whether they validated or not. */
  raw: Record<string, unknown>;
  /** VS Code-style `inputs` beside `mcpServers`, for `${input:ID}` (shared/servers/config-inputs.ts). */
  inputs?: InputDefinition[];
}

/** Parses the text of `mcp.json`. An empty file means no servers. */
export function parseConfigText(text: string): ParsedConfigFile {
  if (text.trim() === '') return { entries: [], raw: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes part of the file, which may be an unquoted token: give the place instead.
    return { fileError: `mcp.json is not valid JSON: ${describeJsonSyntaxError(text)}`, entries: [], raw: {} };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { fileError: 'mcp.json must be a JSON object with an "mcpServers" object', entries: [], raw: {} };
  }
  const servers = (json as Record<string, unknown>).mcpServers;
  if (servers === undefined) return { entries: [], raw: {} };
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    return { fileError: '"mcpServers" must be an object that maps names to server entries', entries: [], raw: {} };
  }
  const raw = servers as Record<string, unknown>;
  const inputs = parseInputDefinitions((json as Record<string, unknown>).inputs);
  return { entries: Object.entries(raw).map(([name, entry]) => parseServerEntry(name, entry)), raw, ...(inputs.length > 0 ? { inputs } : {}) };
}
