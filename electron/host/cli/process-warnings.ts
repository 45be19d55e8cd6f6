import { oneLine } from './terminal-text.ts';

/**
 * Node prints library warnings with a hint about --trace-warnings, which reads like a crash. One-shot
 * commands report every failure that matters themselves, so they drop warnings; a long-running command
 * shows each as one line. `SWITCHBOARD_DEBUG=1` keeps Node's own output.
 */
export function routeProcessWarnings(write: ((text: string) => void) | undefined): void {
  process.removeAllListeners('warning');
  if (write) process.on('warning', (warning) => write(`switchboard: warning: ${oneLine(warning.message)}\n`));
}
