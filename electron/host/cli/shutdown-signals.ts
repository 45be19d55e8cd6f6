const signalExitCodes = { SIGINT: 130, SIGTERM: 143 } as const;
export type ShutdownSignal = keyof typeof signalExitCodes;

export function exitCodeFor(signal: ShutdownSignal): number {
  return signalExitCodes[signal];
}

/**
 * Resolves with the first SIGINT or SIGTERM. While it is pending, those signals no longer kill the process
 * at once, so the caller can stop the servers it started. `dispose` restores the default behaviour.
 */
export function waitForShutdownSignal(): { signal: Promise<ShutdownSignal>; dispose: () => void } {
  let dispose = () => undefined as void;
  const signal = new Promise<ShutdownSignal>((resolve) => {
    const onSignal = (name: ShutdownSignal) => resolve(name);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    dispose = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    };
  });
  return { signal, dispose };
}
