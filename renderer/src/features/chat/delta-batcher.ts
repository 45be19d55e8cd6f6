import type { ChatDelta } from '../../store/chat-slice.ts';

/** Runs `run` on an animation frame at least `delayMs` from now. */
export type Scheduler = (run: () => void, delayMs: number) => void;

/** Frames where there are frames; a hidden tab or a test has none, so a timer stands in. */
export const nextFrame: Scheduler = (run, delayMs) => {
  const frame = () => {
    if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') {
      requestAnimationFrame(run);
    } else {
      setTimeout(run, 16);
    }
  };
  if (delayMs > 0) setTimeout(frame, delayMs);
  else frame();
};

export interface DeltaBatcher {
  push(delta: ChatDelta): void;
  /** A whole message arrived: the deltas still waiting for it are already in it. */
  dropFor(messageId: string): void;
  flush(): void;
}

export interface DeltaBatcherOptions {
  schedule?: Scheduler;
  /** The least time between two flushes: text still flows, and each render of a long answer has room around it. */
  minIntervalMs?: number;
  now?: () => number;
}

/**
 * A model streams dozens of small deltas a second; the store (and React) take them in batches, on an
 * animation frame and at most every `minIntervalMs`, so a long answer costs a few renders a second.
 */
export function createDeltaBatcher(apply: (deltas: ChatDelta[]) => void, options: DeltaBatcherOptions = {}): DeltaBatcher {
  const { schedule = nextFrame, minIntervalMs = 50, now = () => Date.now() } = options;
  let pending: ChatDelta[] = [];
  let scheduled = false;
  let lastFlush = -Infinity;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    lastFlush = now();
    apply(batch);
  };
  return {
    push(delta) {
      pending.push(delta);
      if (scheduled) return;
      scheduled = true;
      schedule(flush, Math.max(0, lastFlush + minIntervalMs - now()));
    },
    dropFor(messageId) {
      if (pending.some((delta) => delta.messageId === messageId)) pending = pending.filter((delta) => delta.messageId !== messageId);
    },
    flush,
  };
}
