import type { ChatDelta } from '../../store/chat-slice.ts';

export type Scheduler = (run: () => void) => void;

/** Once per frame where there are frames; a hidden tab or a test has none, so a timer stands in. */
export const nextFrame: Scheduler = (run) => {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') {
    requestAnimationFrame(run);
  } else {
    setTimeout(run, 16);
  }
};

export interface DeltaBatcher {
  push(delta: ChatDelta): void;
  /** A whole message arrived: the deltas still waiting for it are already in it. */
  dropFor(messageId: string): void;
  flush(): void;
}

/**
 * A model streams dozens of small deltas a second; the store (and React) take them once per frame instead of
 * once each, so a long answer costs one render per frame.
 */
export function createDeltaBatcher(apply: (deltas: ChatDelta[]) => void, schedule: Scheduler = nextFrame): DeltaBatcher {
  let pending: ChatDelta[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    apply(batch);
  };
  return {
    push(delta) {
      pending.push(delta);
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    },
    dropFor(messageId) {
      if (pending.some((delta) => delta.messageId === messageId)) pending = pending.filter((delta) => delta.messageId !== messageId);
    },
    flush,
  };
}
