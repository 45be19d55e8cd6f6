import { HostError } from '../../../shared/api/host-error.ts';
import type { ConfigSnapshot } from '../../../shared/api/servers-api.ts';
import { redactUrlsIn } from '../../../shared/servers/redact-url.ts';
import type { ToolCallOutcome } from '../../../shared/servers/server-state.ts';
import { checkStructuredContent, refuseUnknownTool } from './call-checks.ts';
import { CliError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { withHost } from './host-session.ts';
import { CALL_EXIT } from './exit-codes.ts';
import { progressLine, taskLines } from './call-progress.ts';
import { commonOptions, commonOptionsHelp, parseCommandLine, parseSecondsOption, resolveLocations, trustNote } from './parse-options.ts';
import { exitCodeFor } from './shutdown-signals.ts';
import type { ShutdownSignal } from './shutdown-signals.ts';
import { DEFAULT_SETTLE_TIMEOUT_MS } from './servers-command.ts';
import { oneLine } from './terminal-text.ts';
import { formatToolResult } from './tool-result-format.ts';
import { waitForServer } from './wait-for-server.ts';

/** What mcp.json's `timeout` accepts too: a day. */
const LONGEST_CALL_SECONDS = 24 * 60 * 60;

export const callUsage = `Usage: switchboard call [--config FILE] [--data-dir DIR] SERVER TOOL [--args JSON] [--json] [--timeout S] [--max-time S]

Starts only SERVER, calls its tool TOOL once, prints the result and stops the server. Progress the server
reports goes to stderr.

${trustNote}

Options:
${commonOptionsHelp}
  --args JSON       the tool's arguments, a JSON object (default: {})
  --json            print the raw CallToolResult as JSON
  --timeout S       seconds the call may go without an answer or progress (default: the server's timeout.call, 60)
  --max-time S      seconds the call may run in all, progress or not (default: the server's timeout.max, 600)

Exit codes: 0 done; 1 failed (config, server, connection); 2 wrong command line; 3 the tool reported an
error (printed on stderr); 124 timed out; 130 cancelled with Ctrl-C (143 on SIGTERM).
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
      options: { ...commonOptions, args: { type: 'string' }, json: { type: 'boolean' }, timeout: { type: 'string' }, 'max-time': { type: 'string' } },
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
  const idleSeconds = parseSecondsOption('timeout', values.timeout, { max: LONGEST_CALL_SECONDS }, callUsage);
  const maxSeconds = parseSecondsOption('max-time', values['max-time'], { max: LONGEST_CALL_SECONDS }, callUsage);
  const locations = resolveLocations(values, io);

  const session = {
    autoStart: true,
    trustConfig: locations.explicitConfig,
    workHandlesSignals: true,
    oneShot: { stderr: io.stderr, only: [serverName], oneCall: true },
  };
  return withHost(locations, session, async (host, stopRequested) => {
    // Ctrl-C cancels the call on the server (notifications/cancelled, Utilities → Cancellation) before the host closes.
    const cancel = new AbortController();
    let stoppedBy: ShutdownSignal | undefined;
    void stopRequested.then((signal) => {
      stoppedBy = signal;
      cancel.abort();
    });
    const state = await Promise.race([waitForServer(host, serverName, DEFAULT_SETTLE_TIMEOUT_MS), stopRequested.then(() => undefined)]);
    if (stoppedBy) return exitCodeFor(stoppedBy);
    if (!state) {
      const { fileError } = (await host.call('servers.config', {})) as ConfigSnapshot;
      if (fileError) throw new CliError(`cannot use ${locations.configPath}: ${oneLine(fileError)}`);
      const configured = host.servers.list().map((candidate) => candidate.name);
      throw new CliError(`no server named "${oneLine(serverName)}" in ${locations.configPath}; configured: ${listOrNone(configured)}`);
    }
    if (state.status === 'disabled') throw new CliError(`server "${state.name}" is disabled in ${locations.configPath}`);
    if (state.status !== 'connected') {
      const why = state.reason ?? (state.status === 'connecting' ? `did not connect within ${DEFAULT_SETTLE_TIMEOUT_MS / 1000} s` : 'no reason given');
      throw new CliError(`server "${state.name}" is not connected (${state.status}): ${oneLine(why)}`);
    }
    const client = host.servers.client(state.name);
    let result: ToolCallOutcome['result'];
    const taskLine = taskLines();
    const stopTaskLines = host.events.on('tasks.changed', (task) => {
      if (task.server !== state.name || task.tool !== toolName) return;
      const line = taskLine(task);
      if (line) io.stderr(line);
    });
    try {
      ({ result } = await host.servers.callTool(state.name, toolName, toolArguments, {
        ...(idleSeconds === undefined ? {} : { timeoutMs: Math.round(idleSeconds * 1000) }),
        ...(maxSeconds === undefined ? {} : { maxMs: Math.round(maxSeconds * 1000) }),
        signal: cancel.signal,
        onProgress: (progress) => io.stderr(progressLine(progress)),
        activity: { source: 'cli', approval: 'person' },
      }));
    } catch (error) {
      if (stoppedBy) {
        io.stderr(`switchboard: cancelled: the call to tool "${oneLine(toolName)}" on server "${state.name}" was stopped (${stoppedBy})\n`);
        return exitCodeFor(stoppedBy);
      }
      // Called past host.call (for the signal and progress), so its redaction is done here: addresses lose query and user:password.
      const failure = HostError.from(error);
      const message = redactUrlsIn(failure.message);
      if (failure.code === 'timeout') {
        io.stderr(`switchboard: ${oneLine(message)}\n`);
        return CALL_EXIT.timedOut;
      }
      await refuseUnknownTool(client, state.name, toolName);
      throw new HostError(failure.code, message);
    } finally {
      stopTaskLines();
    }
    if (result.isError) await refuseUnknownTool(client, state.name, toolName);
    await checkStructuredContent(client, state.name, toolName, result);
    if (values.json) {
      io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    } else if (result.isError) {
      io.stderr(formatToolResult(result));
    } else {
      io.stdout(formatToolResult(result));
    }
    return result.isError ? CALL_EXIT.toolError : CALL_EXIT.ok;
  });
}
