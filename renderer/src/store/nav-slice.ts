import type { StateCreator } from 'zustand';

/** Where the person is in the app. This is the one slice the host knows nothing about. */
export interface NavSlice {
  view: string;
  selectedServer: string | undefined;
  serverTab: ServerTab;
  showView(view: string): void;
  selectServer(name: string | undefined, tab?: ServerTab): void;
  showServerTab(tab: ServerTab): void;
}

export const serverTabs = ['tools', 'resources', 'prompts', 'access', 'log', 'info'] as const;
export type ServerTab = (typeof serverTabs)[number];

export const createNavSlice: StateCreator<NavSlice, [], [], NavSlice> = (set) => ({
  view: 'servers',
  selectedServer: undefined,
  serverTab: 'tools',
  showView: (view) => set({ view }),
  selectServer: (selectedServer, tab) => set((state) => ({ selectedServer, serverTab: tab ?? state.serverTab })),
  showServerTab: (serverTab) => set({ serverTab }),
});
