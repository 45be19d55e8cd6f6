export interface RestartPolicy {
  /** Wait before the first automatic restart; doubles each time. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Consecutive failed restarts before giving up until a person restarts the server. */
  maxAttempts: number;
  /** A connection that stays up this long counts as healthy again and resets the count. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxAttempts: 5,
  stableAfterMs: 60_000,
};

/** Exponential backoff: base, 2×base, 4×base … capped. `attempt` counts from 1. */
export function restartDelayMs(attempt: number, policy: Pick<RestartPolicy, 'baseDelayMs' | 'maxDelayMs'>): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
}
