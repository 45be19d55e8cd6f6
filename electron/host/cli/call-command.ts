import type { ServerCatalog, ToolCallOutcome } from '../../../shared/servers/server-state.ts';
import { CliError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { withHost } from './host-session.ts';
import { commonOptions, commonOptionsHelp, parseCommandLine, parseIntegerOption, resolveLocations, trustNote } from './parse-options.ts';
import { DEFAULT_SETTLE_TIMEOUT_MS } from './servers-command.ts';
import { oneLine } from './terminal-text.ts';
import { formatToolResult } from './tool-result-format.ts';
import { connectedServer } from './wait-for-server.ts';

export const callUsage = `Usage: switchboard call [--config FILE] [--data-dir DIR] SERVER TOOL [--args JSON] [--json] [--timeout MS]

Starts only SERVER, calls its tool TOOL once, prints the result and stops the server.
Exits 1 when the tool reports an error (printed on stderr) or the call fails.

${trustNote}

Options:
${commonOptionsHelp}
  --args JSON       the tool's arguments, a JSON object (default: {})
  --json            print the raw CallToolResult as JSON
  --timeout MS      how long to wait for the server to connect, and then for the call (default: ${DEFAULT_SETTLE_TIMEOUT_MS})
`;

function parseToolArguments(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw CliError.usage(`--args is not valid JSON: ${(error as Error).message}`, callUsage);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw CliError.usage('--args must be a JSON object, like --args \'{"text":"hello"}\'', callUsage);
  }
  return value as Record<string, unknown>;
}

function listOrNone(names: string[]): string {
  return names.length > 0 ? names.map(oneLine).join(', ') : '(none)';
}

export async function runCall(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    {
      args,
      options: { ...commonOptions, args: { type: 'string' }, json: { type: 'boolean' }, timeout: { type: 'string' } },
      allowPositionals: true,
    },
    callUsage,
  );
  if (values.help) {
    io.stdout(callUsage);
    return 0;
  }
  if (positionals.length !== 2) throw CliError.usage('expected two arguments: SERVER and TOOL', callUsage);
  const [serverName, toolName] = positionals;
  const toolArguments = parseToolArguments(values.args);
  const timeoutMs = parseIntegerOption('timeout', values.timeout, { min: 1, max: 3_600_000 }, callUsage) ?? DEFAULT_SETTLE_TIMEOUT_MS;
  const locations = resolveLocations(values, io);

  const session = { autoStart: true, trustConfig: locations.explicitConfig, oneShot: { stderr: io.stderr, only: [serverName] } };
  return withHost(locations, session, async (host) => {
    const state = await connectedServer(host, serverName, timeoutMs, locations.configPath);
    const catalog = (await host.call('servers.catalog', { server: state.name })) as ServerCatalog;
    const toolNames = catalog.tools.map((tool) => tool.name);
    if (!toolNames.includes(toolName)) {
      throw new CliError(`server "${state.name}" has no tool named "${oneLine(toolName)}"; its tools: ${listOrNone(toolNames)}`);
    }
    const outcome = (await host.call('tools.call', {
      server: state.name,
      tool: toolName,
      arguments: toolArguments,
      timeoutMs,
    })) as ToolCallOutcome;
    const { result } = outcome;
    if (values.json) {
      io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    } else if (result.isError) {
      io.stderr(formatToolResult(result));
    } else {
      io.stdout(formatToolResult(result));
    }
    return result.isError ? 1 : 0;
  });
}
