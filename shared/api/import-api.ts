import { z } from 'zod';
import type { DiscoveryResult } from '../servers/discovered-config.ts';
import { serverNameSchema } from '../servers/server-config.ts';

/**
 * Servers configured in other MCP hosts on this computer (Claude Desktop, Claude Code, Cursor, VS Code,
 * Windsurf, Cline, Goose, Zed). Discovery reads only; an import adds entries like `servers.add`, so each new
 * launch still waits for the person's trust before it runs.
 */
export const importMethods = {
  'servers.discover': z.object({}).strict(),
  /**
   * Adds servers found by `servers.discover`, named by the file and the name they have there; `as` is the name
   * to give it here (the suggested rename of a clash, or the same). The host reads the file again, so values
   * it holds never pass through the window.
   */
  'servers.importDiscovered': z
    .object({
      picks: z.array(z.object({ path: z.string().min(1).max(4_096), name: z.string().min(1).max(200), as: serverNameSchema }).strict()).min(1).max(200),
    })
    .strict(),
} as const;

export interface ImportOutcome {
  as: string;
  ok: boolean;
  error?: string;
}

export interface ImportResults {
  'servers.discover': DiscoveryResult;
  'servers.importDiscovered': { outcomes: ImportOutcome[] };
}
