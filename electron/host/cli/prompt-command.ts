import type { ContentBlock, GetPromptResult } from '@modelcontextprotocol/client';
import type { ServerCatalog } from '../../../shared/servers/server-state.ts';
import { CliError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { withHost } from './host-session.ts';
import { commonOptions, commonOptionsHelp, parseCommandLine, parseIntegerOption, resolveLocations, trustNote } from './parse-options.ts';
import { DEFAULT_SETTLE_TIMEOUT_MS } from './servers-command.ts';
import { oneLine } from './terminal-text.ts';
import { formatToolResult } from './tool-result-format.ts';
import { connectedServer } from './wait-for-server.ts';

export const promptUsage = `Usage: switchboard prompt [--config FILE] [--data-dir DIR] SERVER PROMPT [--args JSON] [--json] [--timeout MS]

Starts only SERVER, gets its prompt PROMPT with the arguments given, prints the messages it returns and stops
the server.

${trustNote}

Options:
${commonOptionsHelp}
  --args JSON       the prompt's arguments, a JSON object of strings (default: {})
  --json            print the raw GetPromptResult as JSON
  --timeout MS      how long to wait for the server to connect, and then for the prompt (default: ${DEFAULT_SETTLE_TIMEOUT_MS})
`;

function parsePromptArguments(raw: string | undefined): Record<string, string> {
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw CliError.usage(`--args is not valid JSON: ${(error as Error).message}`, promptUsage);
  }
  // Prompt arguments are strings (Server Features → Prompts → PromptArgument).
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.values(value).some((entry) => typeof entry !== 'string')) {
    throw CliError.usage('--args must be a JSON object of strings, like --args \'{"city":"Lisbon"}\'', promptUsage);
  }
  return value as Record<string, string>;
}

/** The messages as a person reads them: each under its role. */
export function formatPromptMessages(result: GetPromptResult): string {
  return result.messages.map((message) => `[${message.role}]\n${formatToolResult({ content: [message.content as ContentBlock] })}`).join('\n');
}

export async function runPrompt(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    { args, options: { ...commonOptions, args: { type: 'string' }, json: { type: 'boolean' }, timeout: { type: 'string' } }, allowPositionals: true },
    promptUsage,
  );
  if (values.help) {
    io.stdout(promptUsage);
    return 0;
  }
  if (positionals.length !== 2) throw CliError.usage('expected two arguments: SERVER and PROMPT', promptUsage);
  const [serverName, promptName] = positionals;
  const promptArguments = parsePromptArguments(values.args);
  const timeoutMs = parseIntegerOption('timeout', values.timeout, { min: 1, max: 3_600_000 }, promptUsage) ?? DEFAULT_SETTLE_TIMEOUT_MS;
  const locations = resolveLocations(values, io);

  const session = { autoStart: true, trustConfig: locations.explicitConfig, oneShot: { stderr: io.stderr, only: [serverName] } };
  return withHost(locations, session, async (host) => {
    const state = await connectedServer(host, serverName, timeoutMs, locations.configPath);
    const catalog = (await host.call('servers.catalog', { server: state.name })) as ServerCatalog;
    const prompt = catalog.prompts.find((candidate) => candidate.name === promptName);
    if (!prompt) {
      const names = catalog.prompts.map((candidate) => oneLine(candidate.name));
      throw new CliError(`server "${state.name}" has no prompt named "${oneLine(promptName)}"; its prompts: ${names.length > 0 ? names.join(', ') : '(none)'}`);
    }
    const missing = (prompt.arguments ?? []).filter((argument) => argument.required && !(argument.name in promptArguments)).map((argument) => argument.name);
    if (missing.length > 0) throw CliError.usage(`prompt "${prompt.name}" needs ${missing.map((name) => `"${oneLine(name)}"`).join(', ')} in --args`, promptUsage);
    const result = (await host.call('prompts.get', { server: state.name, name: prompt.name, arguments: promptArguments })) as GetPromptResult;
    io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatPromptMessages(result));
    return 0;
  });
}
