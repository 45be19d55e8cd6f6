import type { CallHolds } from '../call-holds.ts';

export type DeadlineHit = 'idle' | 'max';

/**
 * The two limits of one request: `idleMs` without an answer or a progress notification, restarted by each
 * one (Utilities → Progress lets a long request show it is alive), and `maxMs` in all, which progress never
 * extends. With holds (2025-era, where a server's question travels inside the open call) both stand still
 * while the server waits on a person. Calls `expire` once with the limit hit, unless disposed first.
 */
export function callDeadline(
  limits: { idleMs: number; maxMs: number },
  expire: (hit: DeadlineHit) => void,
  held?: { holds: CallHolds; server: string },
  now: () => number = () => performance.now(),
): { progressed(): void; dispose(): void } {
  let idleLeft = limits.idleMs;
  let maxLeft = limits.maxMs;
  let startedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const isHeld = () => held?.holds.held(held.server) ?? false;
  const run = (): void => {
    if (done || timer !== undefined) return;
    startedAt = now();
    const hit: DeadlineHit = maxLeft <= idleLeft ? 'max' : 'idle';
    timer = setTimeout(() => finish(hit), Math.max(0, Math.min(idleLeft, maxLeft)));
  };
  const pause = (): void => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    const spent = now() - startedAt;
    idleLeft -= spent;
    maxLeft -= spent;
  };
  const unsubscribe = held ? held.holds.onChange(held.server, () => (isHeld() ? pause() : run())) : () => {};
  const finish = (hit: DeadlineHit): void => {
    done = true;
    timer = undefined;
    unsubscribe();
    expire(hit);
  };
  if (!isHeld()) run();
  return {
    progressed() {
      if (done) return;
      const running = timer !== undefined;
      pause();
      idleLeft = limits.idleMs;
      if (running) run();
    },
    dispose() {
      done = true;
      clearTimeout(timer);
      timer = undefined;
      unsubscribe();
    },
  };
}
