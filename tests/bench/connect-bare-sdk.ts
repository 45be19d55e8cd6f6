/**
 * The baseline for the connect bench: one bare SDK client per server, all connecting at once, as a plain script
 * using @modelcontextprotocol/client with auto version negotiation and the SDK's own defaults.
 *
 * Usage: node tests/bench/connect-bare-sdk.ts <mcp.json>   Prints one JSON line: { ms, servers: [{ name, era, error? }] }.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { mcpServers: Record<string, { command: string; args?: string[] }> };
const started = performance.now();
const clients: Client[] = [];
const servers = await Promise.all(
  Object.entries(config.mcpServers).map(async ([name, entry]) => {
    const client = new Client({ name: 'bare-sdk-bench', version: '0.0.0' }, { versionNegotiation: { mode: 'auto' } });
    clients.push(client);
    try {
      await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args ?? [], stderr: 'ignore' }));
      await client.listTools();
      return { name, era: client.getProtocolEra() ?? 'legacy' };
    } catch (error) {
      return { name, error: (error as Error).message };
    }
  }),
);
const ms = performance.now() - started;
await Promise.all(clients.map((client) => client.close().catch(() => {})));
process.stdout.write(`${JSON.stringify({ ms, servers })}\n`);
