import type { Icon } from '@modelcontextprotocol/client';
import type { ServerCatalog, ServerState } from '../../../../shared/servers/server-state.ts';

export interface ToolPickerTool {
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  /** Switched off for every conversation, in the servers view. */
  offGlobally: boolean;
  /** Switched off in this conversation, on its own (not through its server). */
  offHere: boolean;
  /** What the model is offered now. */
  offered: boolean;
}

export interface ToolPickerServer {
  name: string;
  icons?: Icon[];
  connected: boolean;
  offGlobally: boolean;
  offHere: boolean;
  /** Undefined until the server's catalog is known. */
  tools: ToolPickerTool[] | undefined;
  offeredCount: number;
}

/**
 * The tools picker, computed the way the host offers tools (connected server, server switch on, tool switch
 * on, and not switched off in the conversation as `server` or `server/tool`).
 */
export function toolPickerRows(
  servers: readonly ServerState[],
  catalogs: Readonly<Record<string, ServerCatalog>>,
  disabledTools: readonly string[],
): ToolPickerServer[] {
  return [...servers]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((server) => {
      const connected = server.status === 'connected';
      const offGlobally = !server.toolsEnabled;
      const offHere = disabledTools.includes(server.name);
      const tools = catalogs[server.name]?.tools.map((tool): ToolPickerTool => {
        const toolOffHere = disabledTools.includes(`${server.name}/${tool.name}`);
        return {
          name: tool.name,
          ...(tool.title ?? tool.annotations?.title ? { title: tool.title ?? tool.annotations?.title } : {}),
          ...(tool.description ? { description: tool.description } : {}),
          ...(tool.icons ? { icons: tool.icons } : {}),
          offGlobally: !tool.enabled,
          offHere: toolOffHere,
          offered: connected && !offGlobally && !offHere && tool.enabled && !toolOffHere,
        };
      });
      return {
        name: server.name,
        ...(server.serverInfo?.icons ? { icons: server.serverInfo.icons } : {}),
        connected,
        offGlobally,
        offHere,
        tools,
        offeredCount: tools?.filter((tool) => tool.offered).length ?? 0,
      };
    });
}
