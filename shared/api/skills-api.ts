import { z } from 'zod';
import type { ServerSkills } from '../skills/skill-types.ts';

export const skillsMethods = {
  /** Every server that declares the Skills extension, with its listing. */
  'skills.list': z.object({}).strict(),
  /** The person's per-server switch for skills, like the one for tools. */
  'skills.setEnabled': z.object({ server: z.string().min(1), enabled: z.boolean() }).strict(),
} as const;

export interface SkillsResults {
  'skills.list': ServerSkills[];
  'skills.setEnabled': ServerSkills[];
}

export interface SkillsEvents {
  /** Every server's skills, sent whenever a listing or a switch changes. */
  'skills.changed': ServerSkills[];
}

export const skillsEventNames = ['skills.changed'] as const satisfies readonly (keyof SkillsEvents)[];
