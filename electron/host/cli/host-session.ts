import { Host } from '../host.ts';
import type { HostOptions } from '../host.ts';
import { ONE_SHOT_SHUTDOWN_GRACE_MS } from '../servers/stdio-shutdown.ts';
import { exitCodeFor, waitForShutdownSignal } from './shutdown-signals.ts';
import type { ShutdownSignal } from './shutdown-signals.ts';
import type { Locations } from './parse-options.ts';
import { oneLine } from './terminal-text.ts';

export interface HostSessionOptions {
  autoStart: boolean;
  /** The work ends itself when `stopRequested` settles (a server); otherwise a signal cuts it short. */
  workHandlesSignals?: boolean;
  /** Start the listed servers without asking for trust: true for one-shot commands given --config, and `serve --trust-config`. */
  trustConfig: boolean;
  /** `serve`: the browser shows MCP Apps, so servers are told the host renders them. */
  mcpApps?: boolean;
  /**
   * A one-shot command (`servers`, `call`, `chat`): its servers get a short grace to stop, a server that did not
   * stop when its input closed is named on `stderr`, and `only` limits which servers start at all.
   */
  oneShot?: {
    stderr: (text: string) => void;
    only?: string[];
    /**
     * One tool call and nobody to answer a server's questions (`call`): servers are offered only roots, when
     * they have some, and nothing is listed up front. A server that asks for nothing goes when its input closes.
     */
    oneCall?: boolean;
  };
  /** `serve --client-metadata-url`. */
  clientMetadataUrl?: string;
}

/**
 * Runs `work` with a Host and always closes it, which stops every server process it started, also when the
 * person presses Ctrl-C halfway: then the result is the signal's conventional exit code.
 */
export async function withHost(
  locations: Locations,
  options: HostSessionOptions,
  work: (host: Host, stopRequested: Promise<ShutdownSignal>) => Promise<number>,
): Promise<number> {
  const shutdown = waitForShutdownSignal();
  const interrupted = shutdown.signal.then(exitCodeFor);
  const started = Host.start({
    dataDir: locations.dataDir,
    configPath: locations.configPath,
    autoStart: options.autoStart,
    serverTrust: options.trustConfig ? 'config-is-consent' : 'ask',
    serverStart: options.oneShot && oneShotServerStart(options.oneShot.only, options.oneShot.oneCall),
    unattended: options.oneShot?.oneCall,
    traceExport: options.oneShot?.oneCall !== true,
    mcpApps: options.mcpApps,
    ...(options.clientMetadataUrl !== undefined ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
  });
  let host: Host | undefined;
  try {
    const first = await Promise.race([started, interrupted]);
    if (typeof first === 'number') {
      // Interrupted while starting: the host may still come up, and must then be closed.
      host = await started.catch(() => undefined);
      return first;
    }
    host = first;
    const working = work(host, shutdown.signal);
    return options.workHandlesSignals ? await working : await Promise.race([working, interrupted]);
  } finally {
    shutdown.dispose();
    if (host) await closeHost(host, options.oneShot?.stderr);
  }
}

function oneShotServerStart(only: string[] | undefined, oneCall: boolean | undefined): HostOptions['serverStart'] {
  return {
    only,
    ...(oneCall ? { catalog: 'none' as const } : {}),
    shutdownGraceMs: ONE_SHOT_SHUTDOWN_GRACE_MS,
    // Run from a terminal, the environment already has the person's PATH: no login shell to wait for.
    loginShellPath: async () => undefined,
  };
}

/** Closes the host; with `stderr`, says which servers had to be signalled because they ignored the end of their input. */
async function closeHost(host: Host, stderr: ((text: string) => void) | undefined): Promise<void> {
  const stopListening = stderr
    ? host.on('servers.log', (entry) => {
        if (entry.source === 'lifecycle' && entry.level === 'warning') stderr(`switchboard: server "${oneLine(entry.server)}": ${oneLine(entry.text)}\n`);
      })
    : undefined;
  try {
    await host.close();
  } finally {
    stopListening?.();
  }
}
