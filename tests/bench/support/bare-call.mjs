// The baseline for `switchboard call`: the few lines a person writes with the MCP SDK to call one tool once.
// Plain JavaScript, like the built CLI.
// Usage: node bare-call.mjs COMMAND_JSON TOOL ARGS_JSON [PINNED_VERSION|''] [CAPABILITIES_JSON]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [commandJson, tool, argsJson, pinned, capabilitiesJson] = process.argv.slice(2);
const [command, ...args] = JSON.parse(commandJson);
const capabilities = capabilitiesJson ? JSON.parse(capabilitiesJson) : undefined;
const client = new Client(
  { name: 'bare-call', version: '1.0.0' },
  { ...(pinned ? { versionNegotiation: { mode: { pin: pinned } } } : {}), ...(capabilities ? { capabilities } : {}) },
);
if (capabilities?.roots) client.setRequestHandler('roots/list', async () => ({ roots: [] }));
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const result = await client.callTool({ name: tool, arguments: JSON.parse(argsJson) });
process.stdout.write(`${result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n')}\n`);
await client.close();
