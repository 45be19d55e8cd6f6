import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadBrowserAccess, saveBrowserAccess } from '../web/browser-access.ts';
import { startWebServer } from '../web/web-server.ts';
import type { WebServer } from '../web/web-server.ts';
import type { Host } from '../host.ts';
import { checkMetadataUrl } from '../servers/oauth/client-metadata-setting.ts';
import { CliError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { withHost } from './host-session.ts';
import { packageRoot } from './package-root.ts';
import { commonOptions, commonOptionsHelp, parseCommandLine, parseIntegerOption, resolveLocations } from './parse-options.ts';

/** `out/renderer` of the package this file belongs to, wherever it is run from. */
export const defaultRendererDir = path.join(packageRoot(), 'out', 'renderer');

export const serveUsage = `Usage: switchboard serve [--config FILE] [--data-dir DIR] [--port N] [--renderer DIR] [--trust-config] [--new-token]
                       [--client-metadata-url URL]

Runs Switchboard in your browser: starts the configured MCP servers and serves the app on
127.0.0.1 only. Open the printed address; it carries the access token after the #, which the
page keeps and your browser never sends to any site. The token and port are kept in the data
directory, so the same address works after a restart; open it again for a second window.
Stop with Ctrl-C.

Options:
${commonOptionsHelp}
  --port N          the port to listen on (default: the last one used, else a free one; 0: a free one)
  --new-token       make a new access token; addresses printed before stop working
  --renderer DIR    the built app to serve (default: out/renderer of this package)
  --trust-config    run servers without a trust review, those the config lists and those added or
                    edited while this runs (otherwise a server runs only after you trust its command)
  --client-metadata-url URL
                    where Switchboard's OAuth client ID metadata document is hosted (https); offered
                    first to authorization servers that accept one, ahead of the URL in Settings
`;

function isPortUnavailable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

/** An asked-for port must be had; the one kept from last time is only a wish, since something else may hold it now. */
async function listenForBrowser(host: Host, rendererDir: string, token: string, asked: number | undefined, kept: number | undefined, io: CliIo): Promise<WebServer> {
  if (asked === undefined && kept !== undefined) {
    try {
      return await startWebServer({ host, port: kept, rendererDir, token });
    } catch (error) {
      if (!isPortUnavailable(error)) throw error;
      io.stderr(`switchboard: port ${kept}, used last time, is taken now; listening on another one (open the new address below)\n`);
    }
  }
  return startWebServer({ host, port: asked ?? 0, rendererDir, token }).catch((error: unknown) => {
    throw describeListenError(error, asked);
  });
}

function describeListenError(error: unknown, port: number | undefined): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new CliError(`port ${port} is already in use; pick another with --port, or leave it out`);
  if (code === 'EACCES') return new CliError(`not allowed to listen on port ${port}; pick another with --port`);
  return error as Error;
}

export async function runServe(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(
    { args, options: { ...commonOptions, port: { type: 'string' }, renderer: { type: 'string' }, 'trust-config': { type: 'boolean' }, 'new-token': { type: 'boolean' }, 'client-metadata-url': { type: 'string' } }, allowPositionals: false },
    serveUsage,
  );
  if (values.help) {
    io.stdout(serveUsage);
    return 0;
  }
  const port = parseIntegerOption('port', values.port, { min: 0, max: 65_535 }, serveUsage);
  const clientMetadataUrl = values['client-metadata-url'];
  if (clientMetadataUrl !== undefined) {
    try {
      checkMetadataUrl(clientMetadataUrl);
    } catch (error) {
      throw new CliError(`--client-metadata-url: ${(error as Error).message}`, { exitCode: 2, usage: serveUsage });
    }
  }
  const rendererDir = values.renderer !== undefined ? path.resolve(io.cwd, values.renderer) : defaultRendererDir;
  if (!existsSync(path.join(rendererDir, 'index.html'))) {
    throw new CliError(`no built app in ${rendererDir}: run \`npm run build\` first`);
  }
  const locations = resolveLocations(values, io);

  return withHost(locations, { autoStart: true, workHandlesSignals: true, trustConfig: values['trust-config'] === true, mcpApps: true, clientMetadataUrl }, async (host, stopRequested) => {
    const { access, renewedBecause } = await loadBrowserAccess(host.dataDir, { renew: values['new-token'] === true });
    if (renewedBecause) io.stderr(`switchboard: made a new access token: ${renewedBecause}\n`);
    const web = await listenForBrowser(host, rendererDir, access.token, port, access.port, io);
    const unprotect = host.consent.protectOwnPort(web.port);
    host.apps.sandboxOrigin = web.sandboxOrigin;
    try {
      await saveBrowserAccess(host.dataDir, { token: web.token, port: web.port }).catch((error: unknown) => {
        io.stderr(`switchboard: could not keep the access token (${(error as Error).message}); the address works until this run stops\n`);
      });
      io.stdout(`Switchboard is running at ${web.url}\n`);
      await stopRequested;
      return 0;
    } finally {
      unprotect();
      await web.close();
    }
  });
}
