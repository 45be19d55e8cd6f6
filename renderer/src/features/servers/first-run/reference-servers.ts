/**
 * Well-known reference servers (github.com/modelcontextprotocol/servers), offered on the first run. Adding one
 * only writes its entry; like any new launch it runs after the person trusted it.
 */
export interface ReferenceServer {
  name: string;
  title: string;
  description: string;
  config: { command: string; args: string[] };
}

export const referenceServers: ReferenceServer[] = [
  {
    name: 'filesystem',
    title: 'Filesystem',
    description: 'Reads and writes files in your home folder (narrow it with Edit).',
    config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${userHome}'] },
  },
  { name: 'memory', title: 'Memory', description: 'A knowledge graph the model can remember things in.', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } },
  { name: 'fetch', title: 'Fetch', description: 'Fetches web pages as Markdown (needs uv).', config: { command: 'uvx', args: ['mcp-server-fetch'] } },
  { name: 'time', title: 'Time', description: 'The time and time zone conversions (needs uv).', config: { command: 'uvx', args: ['mcp-server-time'] } },
  {
    name: 'everything',
    title: 'Everything',
    description: 'Exercises every MCP feature: for trying Switchboard out.',
    config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
  },
];
