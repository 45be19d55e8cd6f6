import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { activityOutcomes } from '../../../shared/activity/activity-types.ts';
import type { ActivityDetail, ActivityEntry, ActivityFilter, ActivityOutcome, ActivityServerStats } from '../../../shared/activity/activity-types.ts';

/** An entry as written: the entry, its arguments and result already redacted and as JSON text. */
export interface ActivityRecord {
  entry: ActivityEntry;
  arguments: string;
  result?: string;
  resultTruncated?: boolean;
}

interface ActivityRow {
  row: number;
  id: string;
  started_at: number;
  duration_ms: number | null;
  conversation_id: string | null;
  server: string;
  tool: string;
  source: string;
  approval: string;
  scope: string | null;
  outcome: string;
  result_bytes: number | null;
  error: string | null;
}

const ENTRY_COLUMNS = 'row, id, started_at, duration_ms, conversation_id, server, tool, source, approval, scope, outcome, result_bytes, error';

/**
 * The `activity` table: newest first by (started_at, row), every filter backed by an index so a page, a
 * count or a percentile reads only what it returns (no sort of the whole record).
 */
export class ActivityStore {
  private readonly db: DatabaseSync;
  private readonly insertStatement;
  private readonly positionStatement;
  private readonly deleteStatement;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.insertStatement = db.prepare(
      `INSERT INTO activity (id, started_at, duration_ms, conversation_id, server, tool, source, approval, scope, outcome, result_bytes, error, arguments, result, result_truncated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.positionStatement = db.prepare('SELECT started_at, row FROM activity WHERE id = ?');
    this.deleteStatement = db.prepare('DELETE FROM activity WHERE row IN (SELECT row FROM activity WHERE started_at < ? LIMIT ?)');
  }

  insert(record: ActivityRecord): void {
    const { entry } = record;
    this.insertStatement.run(
      entry.id,
      entry.startedAt,
      entry.durationMs ?? null,
      entry.conversationId ?? null,
      entry.server,
      entry.tool,
      entry.source,
      entry.approval,
      entry.scope ?? null,
      entry.outcome,
      entry.resultBytes ?? null,
      entry.error ?? null,
      record.arguments,
      record.result ?? null,
      record.resultTruncated ? 1 : 0,
    );
  }

  /** Newest first; `before` is the id of the last entry of the previous page. */
  list(filter: ActivityFilter, before: string | undefined, limit: number): { entries: ActivityEntry[]; hasMore: boolean } {
    const where = whereOf(filter);
    if (before !== undefined) {
      const position = this.positionStatement.get(before) as { started_at: number; row: number } | undefined;
      if (!position) return { entries: [], hasMore: false };
      where.clauses.push('(started_at, row) < (?, ?)');
      where.values.push(position.started_at, position.row);
    }
    const rows = this.db
      .prepare(`SELECT ${ENTRY_COLUMNS} FROM activity ${sqlWhere(where)} ORDER BY started_at DESC, row DESC LIMIT ?`)
      .all(...where.values, limit + 1) as unknown as ActivityRow[];
    return { entries: rows.slice(0, limit).map(entryOf), hasMore: rows.length > limit };
  }

  get(id: string): ActivityDetail | undefined {
    const row = this.db.prepare(`SELECT ${ENTRY_COLUMNS}, arguments, result, result_truncated FROM activity WHERE id = ?`).get(id) as
      | (ActivityRow & { arguments: string; result: string | null; result_truncated: number })
      | undefined;
    if (!row) return undefined;
    return {
      entry: entryOf(row),
      arguments: JSON.parse(row.arguments) as Record<string, unknown>,
      ...(row.result === null ? {} : { result: row.result }),
      ...(row.result_truncated ? { resultTruncated: true } : {}),
    };
  }

  /**
   * Per server, in name order: calls per outcome class and the nearest-rank p50/p95 of the calls that ran.
   * Each step is its own short query, with a turn of the event loop between them, so a large record never
   * holds the host thread for long.
   */
  async stats(filter: ActivityFilter): Promise<ActivityServerStats[]> {
    const byServer = new Map<string, ActivityServerStats>();
    for (const { server, outcome, n } of this.counts(filter)) {
      let stats = byServer.get(server);
      if (!stats) {
        stats = { server, calls: 0, outcomes: Object.fromEntries(activityOutcomes.map((name) => [name, 0])) as Record<ActivityOutcome, number> };
        byServer.set(server, stats);
      }
      stats.calls += n;
      if (outcome in stats.outcomes) stats.outcomes[outcome as ActivityOutcome] += n;
    }
    for (const stats of byServer.values()) {
      const ran = stats.calls - stats.outcomes.denied;
      if (ran === 0) continue;
      await turn();
      Object.assign(stats, this.percentiles(filter, stats.server, ran));
    }
    return [...byServer.values()].sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : 0));
  }

  /**
   * Calls per server and outcome. Without a tool filter, whole UTC days in the range come from
   * `activity_daily` and only the partial days at its ends are counted entry by entry.
   */
  private counts(filter: ActivityFilter): { server: string; outcome: string; n: number }[] {
    if (filter.tool !== undefined) return this.countEntries(filter);
    const from = filter.from ?? 0;
    const to = filter.to ?? Number.MAX_SAFE_INTEGER;
    const firstDay = Math.ceil(from / DAY_MS);
    const lastDay = Math.floor((to + 1) / DAY_MS) - 1;
    if (firstDay > lastDay) return this.countEntries(filter);
    const days = whereOf({ server: filter.server, outcomes: filter.outcomes, sources: filter.sources });
    days.clauses.push('day BETWEEN ? AND ?');
    days.values.push(firstDay, lastDay);
    const counts = this.db
      .prepare(`SELECT server, outcome, sum(calls) AS n FROM activity_daily ${sqlWhere(days)} GROUP BY server, outcome`)
      .all(...days.values) as { server: string; outcome: string; n: number }[];
    if (filter.from !== undefined && from < firstDay * DAY_MS) counts.push(...this.countEntries({ ...filter, from, to: firstDay * DAY_MS - 1 }));
    if (filter.to !== undefined && to >= (lastDay + 1) * DAY_MS) counts.push(...this.countEntries({ ...filter, from: (lastDay + 1) * DAY_MS, to }));
    return counts;
  }

  private countEntries(filter: ActivityFilter): { server: string; outcome: string; n: number }[] {
    const where = whereOf(filter);
    return this.db
      .prepare(`SELECT server, outcome, count(*) AS n FROM activity ${sqlWhere(where)} GROUP BY server, outcome`)
      .all(...where.values) as { server: string; outcome: string; n: number }[];
  }

  /**
   * Nearest-rank p50/p95 of the server's calls that ran. Read off the durations index (which holds the time,
   * source and outcome too) at the two ranks; with a tool filter, that tool's few durations are read and sorted here instead.
   */
  private percentiles(filter: ActivityFilter, server: string, ran: number): { p50Ms?: number; p95Ms?: number } {
    const where = whereOf({ ...filter, server });
    where.clauses.push("outcome != 'denied'", 'duration_ms IS NOT NULL');
    if (filter.tool !== undefined) {
      const durations = (this.db.prepare(`SELECT duration_ms FROM activity ${sqlWhere(where)}`).all(...where.values) as { duration_ms: number }[])
        .map((row) => row.duration_ms)
        .sort((a, b) => a - b);
      return durations.length ? { p50Ms: durations[nearestRank(0.5, durations.length)], p95Ms: durations[nearestRank(0.95, durations.length)] } : {};
    }
    const at = this.db.prepare(
      `SELECT duration_ms FROM activity INDEXED BY activity_durations ${sqlWhere(where)} ORDER BY duration_ms LIMIT 1 OFFSET ?`,
    );
    const p50 = at.get(...where.values, nearestRank(0.5, ran)) as { duration_ms: number } | undefined;
    const p95 = at.get(...where.values, nearestRank(0.95, ran)) as { duration_ms: number } | undefined;
    return { ...(p50 ? { p50Ms: p50.duration_ms } : {}), ...(p95 ? { p95Ms: p95.duration_ms } : {}) };
  }

  /**
   * Oldest first, each line the entry and its stored (redacted) arguments as JSON, read a batch at a time
   * with a turn of the event loop between batches.
   */
  async *exportLines(filter: ActivityFilter): AsyncGenerator<string[]> {
    let after: { started_at: number; row: number } | undefined;
    for (;;) {
      const where = whereOf(filter);
      if (after) {
        where.clauses.push('(started_at, row) > (?, ?)');
        where.values.push(after.started_at, after.row);
      }
      const rows = this.db
        .prepare(`SELECT ${ENTRY_COLUMNS}, arguments FROM activity ${sqlWhere(where)} ORDER BY started_at, row LIMIT ?`)
        .all(...where.values, EXPORT_BATCH) as unknown as (ActivityRow & { arguments: string })[];
      if (rows.length === 0) return;
      // The stored arguments are JSON already: spliced in rather than parsed and written again.
      yield rows.map((row) => `${JSON.stringify(entryOf(row)).slice(0, -1)},"arguments":${row.arguments}}`);
      if (rows.length < EXPORT_BATCH) return;
      after = rows.at(-1);
      await turn();
    }
  }

  /** Deletes entries that started before `time`, a batch per query; returns how many. */
  async deleteBefore(time: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const changes = Number(this.deleteStatement.run(time, DELETE_BATCH).changes);
      deleted += changes;
      if (changes < DELETE_BATCH) return deleted;
      await turn();
    }
  }
}

const DAY_MS = 86_400_000;
const EXPORT_BATCH = 500;
const DELETE_BATCH = 50;

function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Nearest-rank percentile: the value at this zero-based position of the sorted durations. */
export function nearestRank(quantile: number, count: number): number {
  return Math.max(0, Math.ceil(quantile * count) - 1);
}

function whereOf(filter: ActivityFilter): { clauses: string[]; values: SQLInputValue[] } {
  const clauses: string[] = [];
  const values: SQLInputValue[] = [];
  if (filter.server !== undefined) {
    clauses.push('server = ?');
    values.push(filter.server);
  }
  if (filter.tool !== undefined) {
    clauses.push('tool = ?');
    values.push(filter.tool);
  }
  if (filter.outcomes?.length) {
    clauses.push(`outcome IN (${filter.outcomes.map(() => '?').join(', ')})`);
    values.push(...filter.outcomes);
  }
  if (filter.sources?.length) {
    clauses.push(`source IN (${filter.sources.map(() => '?').join(', ')})`);
    values.push(...filter.sources);
  }
  if (filter.from !== undefined) {
    clauses.push('started_at >= ?');
    values.push(filter.from);
  }
  if (filter.to !== undefined) {
    clauses.push('started_at <= ?');
    values.push(filter.to);
  }
  return { clauses, values };
}

function sqlWhere(where: { clauses: string[] }): string {
  return where.clauses.length ? `WHERE ${where.clauses.join(' AND ')}` : '';
}

function entryOf(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    startedAt: row.started_at,
    ...(row.duration_ms === null ? {} : { durationMs: row.duration_ms }),
    ...(row.conversation_id === null ? {} : { conversationId: row.conversation_id }),
    server: row.server,
    tool: row.tool,
    source: row.source as ActivityEntry['source'],
    approval: row.approval as ActivityEntry['approval'],
    ...(row.scope === null ? {} : { scope: row.scope as NonNullable<ActivityEntry['scope']> }),
    outcome: row.outcome as ActivityOutcome,
    ...(row.result_bytes === null ? {} : { resultBytes: row.result_bytes }),
    ...(row.error === null ? {} : { error: row.error }),
  };
}
