import type { ServerCatalog } from '../../../../shared/servers/server-state.ts';
import type { CatalogLists } from '../server-connection.ts';
import type { ToolSwitches } from '../tool-switches.ts';

export const EMPTY_LISTS: CatalogLists = { tools: [], leftOutTools: [], resources: [], resourceTemplates: [], prompts: [] };

/** A server's catalog as the UI and the chat see it: a copy, each tool with its switch, and what was left out. */
export function catalogView(server: string, lists: CatalogLists, updatedAt: number, switches: ToolSwitches): ServerCatalog {
  return structuredClone({
    server,
    tools: lists.tools.map((tool) => ({ ...tool, enabled: switches.toolEnabled(server, tool.name) })),
    ...(lists.leftOutTools.length > 0 ? { leftOutTools: lists.leftOutTools } : {}),
    resources: lists.resources,
    resourceTemplates: lists.resourceTemplates,
    prompts: lists.prompts,
    updatedAt,
  });
}
