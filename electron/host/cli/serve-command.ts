import { existsSync } from 'node:fs';
import path from 'node:path';
import { startWebServer } from '../web/web-server.ts';
import { CliError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { withHost } from './host-session.ts';
import { packageRoot } from './package-root.ts';
import { commonOptions, commonOptionsHelp, parseCommandLine, parseIntegerOption, resolveLocations } from './parse-options.ts';

/** `out/renderer` of the package this file belongs to, wherever it is run from. */
export const defaultRendererDir = path.join(packageRoot(), 'out', 'renderer');

export const serveUsage = `Usage: switchboard serve [--config FILE] [--data-dir DIR] [--port N] [--renderer DIR] [--trust-config]

Runs Switchboard in your browser: starts the configured MCP servers and serves the app on
127.0.0.1 only. Open the printed address; it carries a fresh access token for this run.
Stop with Ctrl-C.

Options:
${commonOptionsHelp}
  --port N          the port to listen on (default: a free one)
  --renderer DIR    the built app to serve (default: out/renderer of this package)
  --trust-config    run servers without a trust review, those the config lists and those added or
                    edited while this runs (otherwise a server runs only after you trust its command)
`;

function describeListenError(error: unknown, port: number | undefined): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new CliError(`port ${port} is already in use; pick another with --port, or leave it out`);
  if (code === 'EACCES') return new CliError(`not allowed to listen on port ${port}; pick another with --port`);
  return error as Error;
}

export async function runServe(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(
    { args, options: { ...commonOptions, port: { type: 'string' }, renderer: { type: 'string' }, 'trust-config': { type: 'boolean' } }, allowPositionals: false },
    serveUsage,
  );
  if (values.help) {
    io.stdout(serveUsage);
    return 0;
  }
  const port = parseIntegerOption('port', values.port, { min: 0, max: 65_535 }, serveUsage);
  const rendererDir = values.renderer !== undefined ? path.resolve(io.cwd, values.renderer) : defaultRendererDir;
  if (!existsSync(path.join(rendererDir, 'index.html'))) {
    throw new CliError(`no built app in ${rendererDir}: run \`npm run build\` first`);
  }
  const locations = resolveLocations(values, io);

  return withHost(locations, { autoStart: true, workHandlesSignals: true, trustConfig: values['trust-config'] === true }, async (host, stopRequested) => {
    const web = await startWebServer({ host, port, rendererDir }).catch((error: unknown) => {
      throw describeListenError(error, port);
    });
    try {
      io.stdout(`Switchboard is running at ${web.url}\n`);
      await stopRequested;
      return 0;
    } finally {
      await web.close();
    }
  });
}
