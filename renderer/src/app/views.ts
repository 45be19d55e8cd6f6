import type { ComponentType } from 'react';
import { ServersView } from '../features/servers/ServersView.tsx';
import { ChatView } from '../features/chat/ChatView.tsx';
import { SettingsView } from '../features/settings/SettingsView.tsx';

export interface AppView {
  id: string;
  label: string;
  /** One of the icon names in `NavIcon`. */
  icon: 'servers' | 'chat' | 'settings';
  Component: ComponentType;
}

/** The sidebar shows these in order; a new view is one entry here. */
export const views: readonly AppView[] = [
  { id: 'servers', label: 'Servers', icon: 'servers', Component: ServersView },
  { id: 'chat', label: 'Chat', icon: 'chat', Component: ChatView },
  { id: 'settings', label: 'Settings', icon: 'settings', Component: SettingsView },
];
