/**
 * Delay before reconnect attempt `attempt` (1-based): doubling from `baseMs`, capped at `maxMs`, with up to
 * `jitter` of it taken off so many tabs do not knock on the host in step.
 */
export function backoffDelay(attempt: number, options: { baseMs?: number; maxMs?: number; jitter?: number; random?: () => number } = {}): number {
  const { baseMs = 500, maxMs = 15_000, jitter = 0.2, random = Math.random } = options;
  const exponent = Math.max(0, attempt - 1);
  const raw = Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(raw * (1 - jitter * random()));
}
