import { activityOutcomes } from '../../../shared/activity/activity-types.ts';
import type { ActivityEntry, ActivityFilter, ActivityOutcome } from '../../../shared/activity/activity-types.ts';
import type { ActivityResults } from '../../../shared/api/activity-api.ts';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import { CliError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { withHost } from './host-session.ts';
import { commonOptions, commonOptionsHelp, parseCommandLine, parseIntegerOption, resolveLocations } from './parse-options.ts';
import { oneLine } from './terminal-text.ts';

const DEFAULT_LIMIT = 50;
const MAX_ERROR_CELL = 80;

export const activityUsage = `Usage: switchboard activity [--server NAME] [--tool NAME] [--outcome CLASS] [--since DURATION] [--limit N] [--jsonl]

Lists recent tool calls from the record Switchboard keeps of every call (the model's, Run tool's, apps',
\`switchboard call\`'s), newest first. Arguments are stored with secrets redacted. Starts no server.

Options:
${commonOptionsHelp}
  --server NAME     only calls to this server
  --tool NAME       only calls of this tool
  --outcome CLASS   only calls that ended so: ${activityOutcomes.join(', ')} (repeat for several)
  --since DURATION  only calls made in this last while: 30m, 24h, 7d
  --limit N         how many to list (default: ${DEFAULT_LIMIT}, at most 500)
  --jsonl           print every matching call with its arguments as JSON Lines, oldest first
`;

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `24h` → milliseconds; whole numbers of s, m, h, d or w. */
export function parseSince(raw: string): number {
  const match = /^(\d{1,6})([smhdw])$/.exec(raw.trim());
  if (!match) throw CliError.usage(`--since must be a number and a unit (s, m, h, d, w), like 24h or 7d; got "${raw}"`, activityUsage);
  return Number(match[1]) * UNITS[match[2]];
}

export async function runActivity(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(
    {
      args,
      options: {
        ...commonOptions,
        server: { type: 'string' },
        tool: { type: 'string' },
        outcome: { type: 'string', multiple: true },
        since: { type: 'string' },
        limit: { type: 'string' },
        jsonl: { type: 'boolean' },
      },
      allowPositionals: false,
    },
    activityUsage,
  );
  if (values.help) {
    io.stdout(activityUsage);
    return 0;
  }
  const outcomes = (values.outcome ?? []).map((outcome) => {
    if (!(activityOutcomes as readonly string[]).includes(outcome)) throw CliError.usage(`unknown outcome "${outcome}"; one of ${activityOutcomes.join(', ')}`, activityUsage);
    return outcome as ActivityOutcome;
  });
  const filter: ActivityFilter = {
    ...(values.server ? { server: values.server } : {}),
    ...(values.tool ? { tool: values.tool } : {}),
    ...(outcomes.length ? { outcomes } : {}),
    ...(values.since ? { from: Math.max(0, Date.now() - parseSince(values.since)) } : {}),
  };
  const limit = parseIntegerOption('limit', values.limit, { min: 1, max: 500 }, activityUsage) ?? DEFAULT_LIMIT;
  const locations = resolveLocations(values, io);
  return withHost(locations, { autoStart: false, trustConfig: false }, async (host) => {
    if (values.jsonl) {
      const { jsonl } = (await host.call('activity.export', filter)) as ActivityResults['activity.export'];
      io.stdout(jsonl);
      return 0;
    }
    const { entries, hasMore } = (await host.call('activity.list', { ...filter, limit })) as ActivityResults['activity.list'];
    if (entries.length === 0) {
      io.stdout('No tool calls recorded that match.\n');
      return 0;
    }
    io.stdout(formatActivityTable(entries));
    if (hasMore) io.stderr(`(the ${entries.length} newest shown; --limit or a filter shows others)\n`);
    return 0;
  });
}

const columns = ['TIME', 'SERVER', 'TOOL', 'SOURCE', 'APPROVAL', 'OUTCOME', 'MS', 'ERROR'] as const;

/** One line per call; server-supplied names and errors with hidden characters written out. */
export function formatActivityTable(entries: readonly ActivityEntry[]): string {
  const rows = [
    [...columns] as string[],
    ...entries.map((entry) => [
      new Date(entry.startedAt).toISOString().replace('T', ' ').slice(0, 19),
      safe(entry.server),
      safe(entry.tool),
      entry.source,
      entry.scope ? `${entry.approval} (${entry.scope})` : entry.approval,
      entry.outcome,
      entry.durationMs === undefined ? '-' : String(entry.durationMs),
      entry.error ? cut(safe(entry.error)) : '',
    ]),
  ];
  const widths = columns.map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const msColumn = columns.indexOf('MS');
  return `${rows.map((row) => row.map((cell, column) => (column === msColumn ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ').trimEnd()).join('\n')}\n`;
}

function safe(text: string): string {
  return oneLine(writeOutHidden(text));
}

function cut(text: string): string {
  return text.length > MAX_ERROR_CELL ? `${text.slice(0, MAX_ERROR_CELL - 1)}…` : text;
}
