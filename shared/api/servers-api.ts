import { z } from 'zod';
import type { ReadResourceResult, GetPromptResult } from '@modelcontextprotocol/client';
import { serverNameSchema } from '../servers/server-config.ts';
import type { ServerConfig } from '../servers/server-config.ts';
import type { InputDefinition } from '../servers/config-inputs.ts';
import type { LogEntry, ServerCatalog, ServerState, ToolCallOutcome, ToolCallProgress } from '../servers/server-state.ts';

const server = z.object({ server: z.string().min(1) }).strict();
/** The entry is validated again by the host with `parseServerEntry`, which gives the precise message. */
const rawEntry = z.record(z.string(), z.unknown());

export const serversMethods = {
  'servers.list': z.object({}).strict(),
  'servers.catalog': server,
  'servers.logs': server,
  'servers.config': z.object({}).strict(),
  'servers.add': z.object({ name: serverNameSchema, config: rawEntry }).strict(),
  'servers.update': z.object({ name: z.string().min(1), config: rawEntry, rename: serverNameSchema.optional() }).strict(),
  'servers.remove': server,
  /**
   * Parses pasted JSON (Claude Desktop / Cursor `mcpServers`, VS Code `servers`, or a single entry) without applying it.
   * Candidates keep their env and header values: they are what the person pasted, and go back only to the caller.
   */
  'servers.parseImport': z.object({ text: z.string().max(1_000_000) }).strict(),
  'servers.setEnabled': z.object({ server: z.string().min(1), enabled: z.boolean() }).strict(),
  'servers.restart': server,
  'tools.setEnabled': z
    .object({ server: z.string().min(1), tool: z.string().min(1).optional(), enabled: z.boolean() })
    .strict(),
  'tools.call': z
    .object({
      server: z.string().min(1),
      tool: z.string().min(1),
      arguments: z.record(z.string(), z.unknown()).default({}),
      timeoutMs: z.number().int().positive().max(3_600_000).optional(),
      /** Names this call in its `servers.callProgress` events. */
      callId: z.string().min(1).max(64).optional(),
    })
    .strict(),
  'resources.read': z.object({ server: z.string().min(1), uri: z.string().min(1) }).strict(),
  'prompts.get': z
    .object({ server: z.string().min(1), name: z.string().min(1), arguments: z.record(z.string(), z.string()).optional() })
    .strict(),
} as const;

export interface ImportCandidate {
  name: string;
  /** The entry as it would be written to mcp.json, when it is valid. */
  config?: ServerConfig;
  error?: string;
  /** A server of that name is configured already. */
  exists: boolean;
}

export interface ConfigSnapshot {
  path: string;
  /** Problems with the file as a whole: while set, the host keeps running the last good configuration. */
  fileError?: string;
  /**
   * Entries by name, as written in the file (validated or not), except that every `env` and `headers` value is
   * a marker (shared/servers/stored-values.ts): `STORED_VALUE` for one in the secret store, `WRITTEN_VALUE` for
   * one written into the file by hand. Secrets never reach the renderer. `servers.update` takes either marker
   * back as "keep the stored value"; `servers.add` refuses them. Values sent anew go to the secret store.
   */
  entries: Record<string, unknown>;
}

export interface ServersResults {
  'servers.list': ServerState[];
  'servers.catalog': ServerCatalog;
  'servers.logs': LogEntry[];
  'servers.config': ConfigSnapshot;
  'servers.add': ServerState;
  'servers.update': ServerState;
  'servers.remove': { removed: string };
  /** `inputs`: the VS Code input definitions the candidates use, to pass to `servers.defineInputs` with them. */
  'servers.parseImport': { candidates: ImportCandidate[]; inputs: InputDefinition[] };
  'servers.setEnabled': ServerState;
  'servers.restart': ServerState;
  'tools.setEnabled': ServerCatalog;
  'tools.call': ToolCallOutcome;
  'resources.read': ReadResourceResult;
  'prompts.get': GetPromptResult;
}

export interface ServersEvents {
  /** Every server's state, sent whenever any of them changes. The list is short; a full copy keeps mirrors simple. */
  'servers.changed': ServerState[];
  'servers.catalogChanged': ServerCatalog;
  'servers.log': LogEntry;
  'servers.configChanged': ConfigSnapshot;
  'servers.callProgress': ToolCallProgress;
}

export const serversEventNames = [
  'servers.changed',
  'servers.catalogChanged',
  'servers.log',
  'servers.configChanged',
  'servers.callProgress',
] as const satisfies readonly (keyof ServersEvents)[];
