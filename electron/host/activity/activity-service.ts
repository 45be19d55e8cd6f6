import type { z } from 'zod';
import { HostError } from '../../../shared/api/host-error.ts';
import type { activityMethods, ActivityResults } from '../../../shared/api/activity-api.ts';
import { DEFAULT_ACTIVITY_RETENTION_DAYS } from '../../../shared/activity/activity-types.ts';
import type { ActivityFilter, ActivitySettings } from '../../../shared/activity/activity-types.ts';
import type { DatabaseSync } from 'node:sqlite';
import type { SettingsStore } from '../store/database.ts';
import type { HostEventBus } from '../event-bus.ts';
import { ActivityRecorder } from './activity-recorder.ts';
import { ActivityStore } from './activity-store.ts';

type ActivityMethodName = keyof typeof activityMethods;

export type ActivityHandlers = {
  [M in ActivityMethodName]: (params: z.output<(typeof activityMethods)[M]>) => Promise<ActivityResults[M]>;
};

const SETTINGS_KEY = 'activity.settings';
const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const DEFAULT_PAGE = 100;

export interface ActivityServiceOptions {
  db: DatabaseSync;
  settings: SettingsStore;
  events: Pick<HostEventBus, 'emit'>;
  /** Every secret the host holds, longest first (SecretValues.list). */
  secrets: () => readonly string[];
  now?: () => number;
}

/** The tool-call record: its recorder for ServerCalls, the `activity.*` methods, and retention. */
export class ActivityService {
  readonly store: ActivityStore;
  readonly recorder: ActivityRecorder;
  readonly handlers: ActivityHandlers;
  private readonly settingsStore: SettingsStore;
  private readonly now: () => number;
  private sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: ActivityServiceOptions) {
    this.store = new ActivityStore(options.db);
    this.now = options.now ?? Date.now;
    this.settingsStore = options.settings;
    this.recorder = new ActivityRecorder({ store: this.store, events: options.events, secrets: options.secrets, now: this.now });
    this.handlers = {
      'activity.list': async ({ before, limit, ...filter }) => this.store.list(filter, before, limit ?? DEFAULT_PAGE),
      'activity.get': async ({ id }) => {
        const detail = this.store.get(id);
        if (!detail) throw new HostError('not_found', `no activity entry ${id}`);
        return detail;
      },
      'activity.stats': async (filter) => this.store.stats(filter),
      'activity.export': async (filter) => this.exportJsonl(filter),
      'activity.settings': async () => this.settings(),
      'activity.updateSettings': async ({ retentionDays }) => {
        this.settingsStore.set(SETTINGS_KEY, { retentionDays } satisfies ActivitySettings);
        await this.sweep();
        return this.settings();
      },
    };
  }

  settings(): ActivitySettings {
    const stored = this.settingsStore.get<Partial<ActivitySettings>>(SETTINGS_KEY, {});
    const days = stored.retentionDays;
    return { retentionDays: typeof days === 'number' && Number.isInteger(days) && days >= 1 ? days : DEFAULT_ACTIVITY_RETENTION_DAYS };
  }

  /** One JSON object per line, oldest first: the entry's fields and its redacted arguments. */
  async exportJsonl(filter: ActivityFilter): Promise<{ jsonl: string; count: number }> {
    const lines: string[] = [];
    for await (const batch of this.store.exportLines(filter)) lines.push(...batch);
    return { jsonl: lines.length ? `${lines.join('\n')}\n` : '', count: lines.length };
  }

  /** Deletes what is older than the retention; returns how many entries went. */
  sweep(): Promise<number> {
    return this.store.deleteBefore(this.now() - this.settings().retentionDays * DAY_MS);
  }

  /** Sweeps now and then hourly; the timer never keeps the process alive. Resolves when the first sweep is done. */
  start(): Promise<void> {
    const sweep = async (): Promise<void> => {
      try {
        await this.sweep();
      } catch (error) {
        if (!this.closed) process.emitWarning(`old tool-call record entries could not be deleted: ${(error as Error).message}`);
      }
    };
    this.sweepTimer ??= setInterval(() => void sweep(), SWEEP_EVERY_MS);
    this.sweepTimer.unref();
    return sweep();
  }

  close(): void {
    this.closed = true;
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }
}
