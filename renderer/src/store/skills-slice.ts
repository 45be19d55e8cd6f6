import type { StateCreator } from 'zustand';
import type { ServerSkills } from '../../../shared/skills/skill-types.ts';

/** The skills each server serves (SEP-2640) and the person's per-server switch, from `skills.changed`. */
export interface SkillsSlice {
  /** Only servers that declare the Skills extension; by server name. */
  skillsByServer: Record<string, ServerSkills>;
  skillsReceived(views: ServerSkills[]): void;
}

export const createSkillsSlice: StateCreator<SkillsSlice, [], [], SkillsSlice> = (set) => ({
  skillsByServer: {},
  skillsReceived: (views) => set({ skillsByServer: Object.fromEntries(views.map((view) => [view.server, view])) }),
});
