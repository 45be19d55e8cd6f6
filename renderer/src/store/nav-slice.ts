import type { StateCreator } from 'zustand';

/** Where the person is in the app. This is the one slice the host knows nothing about. */
export interface NavSlice {
  view: string;
  selectedServer: string | undefined;
  serverTab: ServerTab;
  /**
   * Which half of the servers view a narrow window shows: the list, or the chosen server's detail.
   * Wide windows show both and ignore it.
   */
  serverPane: ServerPane;
  showView(view: string): void;
  selectServer(name: string | undefined, tab?: ServerTab): void;
  showServerTab(tab: ServerTab): void;
  showServerList(): void;
}

export const serverTabs = ['tools', 'resources', 'prompts', 'skills', 'access', 'log', 'info'] as const;
export type ServerTab = (typeof serverTabs)[number];
export type ServerPane = 'list' | 'detail';

export const createNavSlice: StateCreator<NavSlice, [], [], NavSlice> = (set) => ({
  view: 'servers',
  selectedServer: undefined,
  serverTab: 'tools',
  serverPane: 'list',
  showView: (view) => set({ view }),
  selectServer: (selectedServer, tab) =>
    set((state) => ({ selectedServer, serverTab: tab ?? state.serverTab, serverPane: selectedServer === undefined ? 'list' : 'detail' })),
  showServerTab: (serverTab) => set({ serverTab }),
  showServerList: () => set({ serverPane: 'list' }),
});
