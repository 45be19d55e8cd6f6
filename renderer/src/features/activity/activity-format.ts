import type {
  ActivityApproval,
  ActivityEntry,
  ActivityFilter,
  ActivityOutcome,
  ActivitySource,
} from '../../../../shared/activity/activity-types.ts';

export const outcomeLabels: Record<ActivityOutcome, string> = {
  ok: 'OK',
  'tool-error': 'Tool error',
  'protocol-error': 'Protocol error',
  'transport-error': 'Transport error',
  timeout: 'Timed out',
  cancelled: 'Cancelled',
  denied: 'Denied',
};

export const sourceLabels: Record<ActivitySource, string> = {
  model: 'Model',
  'run-tool': 'Run tool',
  app: 'App',
  cli: 'Command line',
};

const scopeLabels: Record<NonNullable<ActivityEntry['scope']>, string> = {
  once: 'once',
  conversation: 'for the conversation',
  always: 'always',
};

const approvalLabels: Record<ActivityApproval, string> = {
  asked: 'Allowed',
  grant: 'Standing grant',
  mode: 'Approval mode',
  person: 'By you',
  host: 'No approval needed',
  denied: 'Denied',
};

export function approvalLabel(entry: Pick<ActivityEntry, 'approval' | 'scope'>): string {
  if (entry.approval === 'asked') return entry.scope ? `Allowed ${scopeLabels[entry.scope]}` : 'Allowed when asked';
  return approvalLabels[entry.approval];
}

/** The look of an outcome: the classes the pill and the row take. */
export function outcomeTone(outcome: ActivityOutcome): 'ok' | 'warning' | 'danger' | 'muted' {
  switch (outcome) {
    case 'ok':
      return 'ok';
    case 'tool-error':
    case 'timeout':
      return 'warning';
    case 'cancelled':
      return 'muted';
    default:
      return 'danger';
  }
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A share as a whole percent, with "<1%" so a rare error does not read as none. */
export function formatRate(count: number, total: number): string {
  if (total === 0 || count === 0) return '0%';
  const percent = (count / total) * 100;
  return percent < 1 ? '<1%' : `${Math.round(percent)}%`;
}

export const timeRanges = [
  { id: 'hour', label: 'Last hour', ms: 60 * 60 * 1000 },
  { id: 'day', label: 'Last 24 hours', ms: 24 * 60 * 60 * 1000 },
  { id: 'week', label: 'Last 7 days', ms: 7 * 24 * 60 * 60 * 1000 },
  { id: 'all', label: 'All kept' },
  { id: 'custom', label: 'From … to …' },
] as const;
export type TimeRangeId = (typeof timeRanges)[number]['id'];

/** What the filter bar holds; `from` and `to` are `datetime-local` values, used only with the custom range. */
export interface FilterForm {
  server: string;
  tool: string;
  outcomes: ActivityOutcome[];
  sources: ActivitySource[];
  range: TimeRangeId;
  from: string;
  to: string;
}

export const emptyFilterForm: FilterForm = { server: '', tool: '', outcomes: [], sources: [], range: 'all', from: '', to: '' };

/** The host's filter for what the bar holds, a relative range measured back from `now`. */
export function filterFromForm(form: FilterForm, now: number): ActivityFilter {
  const filter: ActivityFilter = {};
  if (form.server) filter.server = form.server;
  const tool = form.tool.trim();
  if (tool) filter.tool = tool;
  if (form.outcomes.length > 0) filter.outcomes = [...form.outcomes];
  if (form.sources.length > 0) filter.sources = [...form.sources];
  if (form.range === 'custom') {
    const from = localTime(form.from);
    const to = localTime(form.to);
    if (from !== undefined) filter.from = from;
    // A `to` picked to the minute includes that whole minute.
    if (to !== undefined) filter.to = to + 59_999;
  } else {
    const range = timeRanges.find((entry) => entry.id === form.range);
    if (range && 'ms' in range) filter.from = Math.max(0, now - range.ms);
  }
  return filter;
}

function localTime(value: string): number | undefined {
  if (!value) return undefined;
  const time = new Date(value).getTime();
  return Number.isFinite(time) && time >= 0 ? time : undefined;
}

/** Whether an entry the host has just recorded belongs in a list shown for this filter. */
export function matchesFilter(entry: ActivityEntry, filter: ActivityFilter): boolean {
  if (filter.server !== undefined && entry.server !== filter.server) return false;
  if (filter.tool !== undefined && entry.tool !== filter.tool) return false;
  if (filter.outcomes && !filter.outcomes.includes(entry.outcome)) return false;
  if (filter.sources && !filter.sources.includes(entry.source)) return false;
  if (filter.from !== undefined && entry.startedAt < filter.from) return false;
  if (filter.to !== undefined && entry.startedAt > filter.to) return false;
  return true;
}

/**
 * Puts a recorded entry into a newest-first list: in place when the list has it (a call's entry completed),
 * else where its time says, so a slow call that ends late does not jump above newer ones.
 */
export function placeEntry(entries: readonly ActivityEntry[], entry: ActivityEntry): ActivityEntry[] {
  const at = entries.findIndex((existing) => existing.id === entry.id);
  if (at !== -1) return entries.map((existing, index) => (index === at ? entry : existing));
  const before = entries.findIndex((existing) => existing.startedAt < entry.startedAt);
  if (before === -1) return [...entries, entry];
  return [...entries.slice(0, before), entry, ...entries.slice(before)];
}

/** `switchboard-activity-2026-12-03.jsonl`, by the local date. */
export function exportFilename(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `switchboard-activity-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.jsonl`;
}

/** The time of a call: the clock time today, the date and time before. */
export function formatWhen(startedAt: number, now: Date): string {
  const at = new Date(startedAt);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : at.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
