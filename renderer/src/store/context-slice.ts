import type { StateCreator } from 'zustand';
import type { ResourceUpdate } from '../../../shared/context/context-types.ts';

/** When each watched resource last changed on its server (`context.resourceUpdated`); shown, never saved. */
export interface ContextSlice {
  /** Keyed by `resourceKey`. */
  resourceUpdates: Record<string, number>;
  resourceUpdated(update: ResourceUpdate): void;
}

export function resourceKey(server: string, uri: string): string {
  return `${server}\n${uri}`;
}

export const createContextSlice: StateCreator<ContextSlice, [], [], ContextSlice> = (set) => ({
  resourceUpdates: {},
  resourceUpdated: (update) => set((state) => ({ resourceUpdates: { ...state.resourceUpdates, [resourceKey(update.server, update.uri)]: update.at } })),
});
