import { oneLine } from './terminal-text.ts';

/**
 * Node ends the process on a promise rejection nobody handled. The host handles its own failures (a full
 * disk, a server gone, a closed socket); one that still slips through is a bug, and it must not take every
 * conversation and server down with it, nor end the process without a word: it is written as one clear line
 * (with the stack under `SWITCHBOARD_DEBUG=1`) and the command goes on.
 */
export function reportUnhandledRejections(write: (text: string) => void, debug = false): () => void {
  const listener = (reason: unknown) => {
    const message = reason instanceof Error ? reason.message || reason.name : String(reason);
    write(`switchboard: internal error (a failure nothing handled, please report it): ${oneLine(message)}\n`);
    if (debug && reason instanceof Error && reason.stack) write(`${reason.stack}\n`);
  };
  process.on('unhandledRejection', listener);
  return () => process.off('unhandledRejection', listener);
}
