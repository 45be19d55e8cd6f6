import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { formatDuration } from '../call-errors.ts';
import { describeNetworkError, isNetworkFailure } from './network-errors.ts';

export interface RecoveryOptions {
  /** How often a remote server is checked; 0 turns the check off. */
  livenessIntervalMs: number;
  /** How long a check waits for its answer before the server counts as gone. */
  livenessTimeoutMs: number;
}

export const DEFAULT_RECOVERY: RecoveryOptions = { livenessIntervalMs: 30_000, livenessTimeoutMs: 10_000 };

/**
 * Why a liveness check's failure means the server is gone, or undefined when it answered at all: an error
 * answer (a server without `ping`) still shows it is there.
 */
export function goneBecause(error: unknown, timeoutMs: number): string | undefined {
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return `did not answer a check within ${formatDuration(timeoutMs)}`;
  if (isNetworkFailure(error)) return `could not be reached (${describeNetworkError(error)})`;
  if (error instanceof SdkHttpError && error.status >= 500) return `answered a check with HTTP ${error.status}`;
  return undefined;
}

/**
 * A remote server has no process to watch, and an idle connection has no call to fail: without a check, a server
 * that died stays "connected" until someone uses it. One check at a time, every `intervalMs`.
 */
export class LivenessWatch {
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  private readonly intervalMs: number;
  private readonly check: () => Promise<void>;
  /** Says whether a failed check means the server is gone (and reports it); the watch then stops. */
  private readonly gone: (error: unknown) => boolean;

  constructor(intervalMs: number, check: () => Promise<void>, gone: (error: unknown) => boolean) {
    this.intervalMs = intervalMs;
    this.check = check;
    this.gone = gone;
  }

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await this.check();
    } catch (error) {
      if (this.timer && this.gone(error)) this.stop();
    } finally {
      this.checking = false;
    }
  }
}
