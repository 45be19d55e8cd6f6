import { z } from 'zod';

export const DEFAULT_CALL_TIMEOUT_SECONDS = 60;
export const DEFAULT_MAX_CALL_SECONDS = 600;
const LONGEST_SECONDS = 24 * 60 * 60;

const seconds = (what: string) =>
  z.number(`${what} must be a number of seconds`).positive(`${what} must be more than 0 seconds`).max(LONGEST_SECONDS, `${what} is at most ${LONGEST_SECONDS} seconds`);

/**
 * `"timeout": {"call": 60, "max": 600}` in seconds: `call` is how long a request may go without an answer or a
 * progress notification, `max` how long it may run in all. A plain number is what Claude Code and Gemini CLI
 * write (milliseconds, a call timeout only), so a pasted entry keeps its meaning.
 */
export const callTimeoutSchema = z.union([
  z
    .strictObject({ call: seconds('timeout.call').optional(), max: seconds('timeout.max').optional() }, 'timeout must be {"call": seconds, "max": seconds}')
    .refine((value) => value.call === undefined || value.max === undefined || value.max >= value.call, 'timeout.max cannot be shorter than timeout.call'),
  z.number().int('timeout in milliseconds must be a whole number').positive('timeout must be more than 0').max(LONGEST_SECONDS * 1000),
]);

export type CallTimeoutConfig = z.infer<typeof callTimeoutSchema>;

export interface CallTimeouts {
  /** Without an answer or a progress notification for this long, the call times out. */
  idleMs: number;
  /** However much progress arrives, the call ends after this long. */
  maxMs: number;
}

export function callTimeoutsOf(timeout: CallTimeoutConfig | undefined): CallTimeouts {
  const idleSeconds = typeof timeout === 'number' ? Math.max(1, timeout / 1000) : (timeout?.call ?? DEFAULT_CALL_TIMEOUT_SECONDS);
  const maxSeconds = typeof timeout === 'number' ? Math.max(idleSeconds, DEFAULT_MAX_CALL_SECONDS) : (timeout?.max ?? Math.max(idleSeconds, DEFAULT_MAX_CALL_SECONDS));
  return { idleMs: Math.round(idleSeconds * 1000), maxMs: Math.round(maxSeconds * 1000) };
}
