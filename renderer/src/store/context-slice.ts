import type { StateCreator } from 'zustand';
import type { ResourceUpdate } from '../../../shared/context/context-types.ts';

/** When each watched resource last changed on its server (`context.resourceUpdated`); shown, never saved. */
export interface ContextSlice {
  /** Keyed by `resourceKey`. */
  resourceUpdates: Record<string, number>;
  resourceUpdated(update: ResourceUpdate): void;
  /** Resources picked outside the composer (a link in a tool result) for the composer to attach. */
  attachRequests: AttachRequest[];
  requestAttach(request: AttachRequest): void;
  attachRequestsTaken(): void;
}

export interface AttachRequest {
  server: string;
  uri: string;
  name: string;
}

export function resourceKey(server: string, uri: string): string {
  return `${server}\n${uri}`;
}

export const createContextSlice: StateCreator<ContextSlice, [], [], ContextSlice> = (set) => ({
  resourceUpdates: {},
  attachRequests: [],
  requestAttach: (request) => set((state) => ({ attachRequests: [...state.attachRequests, request] })),
  attachRequestsTaken: () => set({ attachRequests: [] }),
  resourceUpdated: (update) => set((state) => ({ resourceUpdates: { ...state.resourceUpdates, [resourceKey(update.server, update.uri)]: update.at } })),
});
