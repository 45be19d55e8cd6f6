import type { LogEntry, LogSource } from '../../../../../shared/servers/server-state.ts';

export interface LogFilter {
  text: string;
  source: LogSource | 'all';
}

export function filterLog(entries: readonly LogEntry[], filter: LogFilter): LogEntry[] {
  const needle = filter.text.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (filter.source === 'all' || entry.source === filter.source) &&
      (needle === '' || entry.text.toLowerCase().includes(needle) || entry.level.includes(needle)),
  );
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Local wall-clock time with milliseconds: log lines are read next to other local logs. */
export function formatLogTime(time: number): string {
  const date = new Date(time);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

export function formatLogDate(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What "Copy" puts on the clipboard: the lines shown, one per line, with full date for pasting into an issue. */
export function logAsText(entries: readonly LogEntry[]): string {
  return entries
    .map((entry) => `${formatLogDate(entry.time)} ${formatLogTime(entry.time)} [${entry.source}] ${entry.level}: ${entry.text}`)
    .join('\n');
}
