import type { ConfigSnapshot } from '../../../shared/api/servers-api.ts';
import type { CliIo } from './cli-io.ts';
import { withHost } from './host-session.ts';
import { commonOptions, commonOptionsHelp, parseCommandLine, parseIntegerOption, resolveLocations, trustNote } from './parse-options.ts';
import { allEnabledConnected, formatServerTable, summarize } from './server-summary.ts';
import { oneLine } from './terminal-text.ts';

export const DEFAULT_SETTLE_TIMEOUT_MS = 30_000;

export const serversUsage = `Usage: switchboard servers [--config FILE] [--data-dir DIR] [--json] [--timeout MS]

Starts every configured MCP server, waits until each has connected or failed, prints one line per
server, and stops them again. Exits 0 when every enabled server connected, 1 otherwise.

${trustNote}

Options:
${commonOptionsHelp}
  --json            print a JSON array instead of a table
  --timeout MS      how long to wait for the servers to connect (default: ${DEFAULT_SETTLE_TIMEOUT_MS})
`;

export async function runServers(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(
    { args, options: { ...commonOptions, json: { type: 'boolean' }, timeout: { type: 'string' } }, allowPositionals: false },
    serversUsage,
  );
  if (values.help) {
    io.stdout(serversUsage);
    return 0;
  }
  const timeoutMs = parseIntegerOption('timeout', values.timeout, { min: 1, max: 3_600_000 }, serversUsage) ?? DEFAULT_SETTLE_TIMEOUT_MS;
  const locations = resolveLocations(values, io);

  const session = { autoStart: true, trustConfig: locations.explicitConfig, oneShot: { stderr: io.stderr } };
  return withHost(locations, session, async (host) => {
    const states = await host.servers.settled(timeoutMs);
    const config = (await host.call('servers.config', {})) as ConfigSnapshot;
    const summaries = states.map(summarize).map((summary) =>
      summary.status === 'connecting' && summary.error === null
        ? { ...summary, error: `did not connect within ${timeoutMs} ms` }
        : summary,
    );
    if (values.json) io.stdout(`${JSON.stringify(summaries, null, 2)}\n`);
    else if (summaries.length > 0) io.stdout(formatServerTable(summaries));
    else if (!config.fileError) io.stdout(`No servers configured in ${locations.configPath}\n`);
    if (config.fileError) {
      io.stderr(`switchboard: cannot use ${config.path}: ${oneLine(config.fileError)}\n`);
      return 1;
    }
    return allEnabledConnected(summaries) ? 0 : 1;
  });
}
