import { Host } from '../host.ts';
import { exitCodeFor, waitForShutdownSignal } from './shutdown-signals.ts';
import type { ShutdownSignal } from './shutdown-signals.ts';
import type { Locations } from './parse-options.ts';

export interface HostSessionOptions {
  autoStart: boolean;
  /** The work ends itself when `stopRequested` settles (a server); otherwise a signal cuts it short. */
  workHandlesSignals?: boolean;
  /** Start the listed servers without asking for trust: true for one-shot commands given --config, and `serve --trust-config`. */
  trustConfig: boolean;
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
    await host?.close();
  }
}
