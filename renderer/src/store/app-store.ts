import { createStore } from 'zustand/vanilla';
import { createConnectionSlice } from './connection-slice.ts';
import type { ConnectionSlice } from './connection-slice.ts';
import { createNavSlice } from './nav-slice.ts';
import type { NavSlice } from './nav-slice.ts';
import { createServersSlice } from './servers-slice.ts';
import type { ServersSlice } from './servers-slice.ts';

/** Later slices (chat, settings) join here: one spread and one `&`. */
export type AppState = ConnectionSlice & NavSlice & ServersSlice;

export function createAppStore() {
  return createStore<AppState>()((...args) => ({
    ...createConnectionSlice(...args),
    ...createNavSlice(...args),
    ...createServersSlice(...args),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
