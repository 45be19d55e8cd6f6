import { lazy } from 'react';
import type { ComponentType } from 'react';

// Each view is a chunk of its own, loaded when first shown: the first screen's JavaScript stays small.
const ServersView = lazy(() => import('../features/servers/ServersView.tsx').then((module) => ({ default: module.ServersView })));
const ChatView = lazy(() => import('../features/chat/ChatView.tsx').then((module) => ({ default: module.ChatView })));
const ActivityView = lazy(() => import('../features/activity/ActivityView.tsx').then((module) => ({ default: module.ActivityView })));
const SettingsView = lazy(() => import('../features/settings/SettingsView.tsx').then((module) => ({ default: module.SettingsView })));

export interface AppView {
  id: string;
  label: string;
  /** One of the icon names in `NavIcon`. */
  icon: 'servers' | 'chat' | 'activity' | 'settings';
  Component: ComponentType;
}

/** The sidebar shows these in order; a new view is one entry here. */
export const views: readonly AppView[] = [
  { id: 'servers', label: 'Servers', icon: 'servers', Component: ServersView },
  { id: 'chat', label: 'Chat', icon: 'chat', Component: ChatView },
  { id: 'activity', label: 'Activity', icon: 'activity', Component: ActivityView },
  { id: 'settings', label: 'Settings', icon: 'settings', Component: SettingsView },
];
