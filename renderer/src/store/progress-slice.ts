import type { StateCreator } from 'zustand';
import type { ToolCallProgress } from '../../../shared/servers/server-state.ts';

/** Calls remembered at most; progress is only shown while a call runs, so old entries are just dropped. */
const KEPT_CALLS = 100;

/** The latest progress of each tool call in flight, from `servers.callProgress`; shown, never saved. */
export interface ProgressSlice {
  /** Keyed by the chat's tool call id, or the caller's `callId` (Run tool). */
  callProgress: Record<string, ToolCallProgress>;
  progressReceived(progress: ToolCallProgress): void;
}

export function progressKey(progress: ToolCallProgress): string | undefined {
  return progress.toolCallId ?? progress.callId;
}

export const createProgressSlice: StateCreator<ProgressSlice, [], [], ProgressSlice> = (set) => ({
  callProgress: {},
  progressReceived: (progress) => {
    const key = progressKey(progress);
    if (key === undefined) return;
    set((state) => {
      const { [key]: _previous, ...rest } = state.callProgress;
      const keys = Object.keys(rest);
      for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_CALLS + 1))) delete rest[old];
      return { callProgress: { ...rest, [key]: progress } };
    });
  },
});
