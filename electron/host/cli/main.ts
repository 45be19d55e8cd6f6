import { HostError } from '../../../shared/api/host-error.ts';
import { CliError } from './cli-error.ts';
import { processIo } from './cli-io.ts';
import { routeProcessWarnings } from './process-warnings.ts';
import { reportUnhandledRejections } from './unhandled-rejections.ts';
import type { CliIo } from './cli-io.ts';

export const mainUsage = `Usage: switchboard <command> [options]

Commands:
  servers   connect to every configured MCP server and report how each one is doing
  call      call one tool of one server and print the result
  prompt    get one prompt of one server and print its messages
  chat      send one prompt to the model with every server's tools and stream the answer
  activity  list the recorded tool calls, or export them as JSON Lines
  serve     run Switchboard in your browser, on this machine only

Run \`switchboard <command> --help\` for the options of a command.
`;

type Command = (args: string[], io: CliIo) => Promise<number>;

// Loaded on demand: `call` need not load the web server, nor `--help` the host.
const commands: Record<string, () => Promise<Command>> = {
  servers: async () => (await import('./servers-command.ts')).runServers,
  call: async () => (await import('./call-command.ts')).runCall,
  prompt: async () => (await import('./prompt-command.ts')).runPrompt,
  chat: async () => (await import('./chat-command.ts')).runChat,
  activity: async () => (await import('./activity-command.ts')).runActivity,
  serve: async () => (await import('./serve-command.ts')).runServe,
};

function describe(error: unknown): string {
  if (error instanceof CliError || error instanceof HostError) return error.message;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Runs one command line and returns the exit code; never throws. */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined) throw CliError.usage('no command given', mainUsage);
    if (name === '--help' || name === '-h' || name === 'help') {
      io.stdout(mainUsage);
      return 0;
    }
    const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (!load) throw CliError.usage(`unknown command "${name}"`, mainUsage);
    if (io.env.SWITCHBOARD_DEBUG !== '1') routeProcessWarnings(name === 'serve' ? io.stderr : undefined);
    const command = await load();
    const stopReporting = reportUnhandledRejections(io.stderr, io.env.SWITCHBOARD_DEBUG === '1');
    try {
      return await command(rest, io);
    } finally {
      stopReporting();
    }
  } catch (error) {
    io.stderr(`switchboard: ${describe(error)}\n`);
    if (error instanceof CliError && error.usage) io.stderr(`\n${error.usage}`);
    if (io.env.SWITCHBOARD_DEBUG === '1' && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
