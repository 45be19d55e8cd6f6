import type { Tool } from '@modelcontextprotocol/client';
import type { ServerCatalog, ServerState } from '../../../../shared/servers/server-state.ts';
import type { ChatToolHost } from '../tool-offer.ts';

/** Tools `count` per server, each a little different, as a stand-in servers layer for unit tests. */
export function manyTools(server: string, count: number): Tool[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `tool_${i}`,
    description: `Tool ${i} of ${server}: does thing number ${i}.`,
    inputSchema: { type: 'object' as const, properties: { [`arg_${i}`]: { type: 'string' } } },
  }));
}

/** A servers layer of plain data; `catalogReads` counts the (copying) catalog reads the chat makes. */
export function testToolHost(servers: Record<string, Tool[]>, switchedOff: string[] = []): ChatToolHost & { catalogReads: number } {
  const host = {
    catalogReads: 0,
    list: (): ServerState[] =>
      Object.keys(servers).map((name) => ({ name, transport: 'stdio', status: 'connected', counts: { tools: 0, resources: 0, prompts: 0 }, toolsEnabled: true }) as unknown as ServerState),
    catalog: (name: string): ServerCatalog => {
      host.catalogReads++;
      return structuredClone({
        server: name,
        tools: servers[name].map((tool) => ({ ...tool, enabled: !switchedOff.includes(`${name}/${tool.name}`) })),
        resources: [],
        resourceTemplates: [],
        prompts: [],
        updatedAt: 1,
      });
    },
    callTool: () => Promise.reject(new Error('not in unit tests')),
    note: () => {},
  };
  return host as unknown as ChatToolHost & { catalogReads: number };
}
