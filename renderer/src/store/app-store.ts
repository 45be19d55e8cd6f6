import { createStore } from 'zustand/vanilla';
import { createConnectionSlice } from './connection-slice.ts';
import type { ConnectionSlice } from './connection-slice.ts';
import { createNavSlice } from './nav-slice.ts';
import type { NavSlice } from './nav-slice.ts';
import { createServersSlice } from './servers-slice.ts';
import type { ServersSlice } from './servers-slice.ts';
import { createChatSlice } from './chat-slice.ts';
import type { ChatSlice } from './chat-slice.ts';
import { createSettingsSlice } from './settings-slice.ts';
import type { SettingsSlice } from './settings-slice.ts';
import { createConsentSlice } from './consent-slice.ts';
import type { ConsentSlice } from './consent-slice.ts';
import { createHumanSlice } from './human-slice.ts';
import type { HumanSlice } from './human-slice.ts';
import { createProgressSlice } from './progress-slice.ts';
import type { ProgressSlice } from './progress-slice.ts';
import { createTasksSlice } from './tasks-slice.ts';
import type { TasksSlice } from './tasks-slice.ts';
import { createContextSlice } from './context-slice.ts';
import type { ContextSlice } from './context-slice.ts';
import { createSkillsSlice } from './skills-slice.ts';
import type { SkillsSlice } from './skills-slice.ts';
import { createToolInputSlice } from './tool-input-slice.ts';
import type { ToolInputSlice } from './tool-input-slice.ts';

/** Each domain's slice joins here: one spread and one `&`. */
export type AppState = ConnectionSlice & NavSlice & ServersSlice & ChatSlice & SettingsSlice & ConsentSlice & HumanSlice & ProgressSlice & TasksSlice & ContextSlice & SkillsSlice & ToolInputSlice;

export function createAppStore() {
  return createStore<AppState>()((...args) => ({
    ...createConnectionSlice(...args),
    ...createNavSlice(...args),
    ...createServersSlice(...args),
    ...createChatSlice(...args),
    ...createSettingsSlice(...args),
    ...createConsentSlice(...args),
    ...createHumanSlice(...args),
    ...createProgressSlice(...args),
    ...createTasksSlice(...args),
    ...createContextSlice(...args),
    ...createSkillsSlice(...args),
    ...createToolInputSlice(...args),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
