import { z } from 'zod';
import { activityOutcomes, activitySources } from '../activity/activity-types.ts';
import type { ActivityDetail, ActivityEntry, ActivityServerStats, ActivitySettings } from '../activity/activity-types.ts';

const filter = {
  server: z.string().min(1).max(200).optional(),
  tool: z.string().min(1).max(500).optional(),
  outcomes: z.array(z.enum(activityOutcomes)).max(activityOutcomes.length).optional(),
  sources: z.array(z.enum(activitySources)).max(activitySources.length).optional(),
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
};

export const activityMethods = {
  /** Newest first; `before` (an entry id) pages back. */
  'activity.list': z
    .object({ ...filter, before: z.string().min(1).max(100).optional(), limit: z.number().int().min(1).max(500).optional() })
    .strict(),
  'activity.get': z.object({ id: z.string().min(1).max(100) }).strict(),
  /** Per server over the filtered entries: calls, outcome classes, p50/p95 duration. */
  'activity.stats': z.object(filter).strict(),
  /** The filtered entries with their arguments, one JSON object per line, oldest first. */
  'activity.export': z.object(filter).strict(),
  'activity.settings': z.object({}).strict(),
  'activity.updateSettings': z.object({ retentionDays: z.number().int().min(1).max(3_650) }).strict(),
} as const;

export interface ActivityResults {
  'activity.list': { entries: ActivityEntry[]; hasMore: boolean };
  'activity.get': ActivityDetail;
  'activity.stats': ActivityServerStats[];
  'activity.export': { jsonl: string; count: number };
  'activity.settings': ActivitySettings;
  'activity.updateSettings': ActivitySettings;
}

export interface ActivityEvents {
  /** A call was recorded (or its entry completed); the view refreshes what it shows. */
  'activity.recorded': ActivityEntry;
}

export const activityEventNames = ['activity.recorded'] as const satisfies readonly (keyof ActivityEvents)[];
