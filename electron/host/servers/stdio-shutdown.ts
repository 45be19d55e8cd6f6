import type { ChildProcess } from 'node:child_process';
import { formatDuration } from './call-errors.ts';

/** The desktop app and `serve`: a server gets this long to finish its work after its input closes, then again after SIGTERM. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 2_000;
/** One-shot CLI commands: a person is waiting for the prompt to come back. */
export const ONE_SHOT_SHUTDOWN_GRACE_MS = 500;

export type ShutdownNote = (text: string) => void;

/**
 * Ends a stdio server the way the spec's lifecycle section asks (Lifecycle → Shutdown → stdio): close its input
 * and let it exit; after `graceMs`, SIGTERM; after `graceMs` more, SIGKILL. Each escalation is noted, so a
 * server that ignores the end of its input is named. Resolves once the process has exited (or SIGKILL failed).
 */
export async function endStdioProcess(child: ChildProcess, graceMs: number, note: ShutdownNote): Promise<void> {
  if (hasExited(child)) return releasePipes(child, graceMs);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    child.stdin?.end();
  } catch {
    // A broken pipe means the process is already on its way out; the signals below make sure.
  }
  const steps: NodeJS.Signals[] = ['SIGTERM', 'SIGKILL'];
  let waited = `within ${formatDuration(graceMs)} of its input closing`;
  for (const signal of steps) {
    if (await settlesWithin(exited, graceMs)) break;
    note(`the server did not exit ${waited}; sending ${signal}`);
    child.kill(signal);
    waited = `within ${formatDuration(graceMs)} of ${signal}`;
  }
  await settlesWithin(exited, graceMs);
  await releasePipes(child, graceMs);
}

/**
 * After the exit, a process it left behind can still hold the pipes open, and the SDK's transport waits for them
 * before it reports the close. Let the last stderr lines drain briefly, then let go of our ends.
 */
async function releasePipes(child: ChildProcess, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    // Node emits the child's `close` once stdout and stderr have closed; it may already have happened.
    if ((child.stdout?.closed ?? true) && (child.stderr?.closed ?? true)) resolve();
    child.once('close', () => resolve());
  });
  if (await settlesWithin(closed, Math.min(graceMs, 200))) return;
  child.stdin?.destroy();
  child.stdout?.destroy();
  child.stderr?.destroy();
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
