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
    this.deleteStatement = db.prepare('DELETE FROM activity WHERE started_at < ?');
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
      where.clauses.push('(started_at < ? OR (started_at = ? AND row < ?))');
      where.values.push(position.started_at, position.started_at, position.row);
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

  /** Per server, in name order: calls per outcome class and the nearest-rank p50/p95 of the calls that ran. */
  stats(filter: ActivityFilter): ActivityServerStats[] {
    const where = whereOf(filter);
    const counts = this.db
      .prepare(`SELECT server, outcome, count(*) AS n FROM activity ${sqlWhere(where)} GROUP BY server, outcome ORDER BY server`)
      .all(...where.values) as { server: string; outcome: string; n: number }[];
    const byServer = new Map<string, ActivityServerStats>();
    for (const { server, outcome, n } of counts) {
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
      const p50 = this.durationAt(filter, stats.server, nearestRank(0.5, ran));
      const p95 = this.durationAt(filter, stats.server, nearestRank(0.95, ran));
      if (p50 !== undefined) stats.p50Ms = p50;
      if (p95 !== undefined) stats.p95Ms = p95;
    }
    return [...byServer.values()];
  }

  /** The `offset`-th shortest duration of the server's calls that ran, read off the durations index. */
  private durationAt(filter: ActivityFilter, server: string, offset: number): number | undefined {
    const where = whereOf({ ...filter, server });
    where.clauses.push("outcome != 'denied'", 'duration_ms IS NOT NULL');
    const row = this.db
      .prepare(`SELECT duration_ms FROM activity INDEXED BY activity_durations ${sqlWhere(where)} ORDER BY duration_ms LIMIT 1 OFFSET ?`)
      .get(...where.values, offset) as { duration_ms: number } | undefined;
    return row?.duration_ms;
  }

  /** Oldest first, with the stored (redacted) arguments, for export; read as it goes rather than all at once. */
  *exported(filter: ActivityFilter): Generator<{ entry: ActivityEntry; arguments: Record<string, unknown> }> {
    const where = whereOf(filter);
    const statement = this.db.prepare(`SELECT ${ENTRY_COLUMNS}, arguments FROM activity ${sqlWhere(where)} ORDER BY started_at, row`);
    for (const row of statement.iterate(...where.values) as Iterable<ActivityRow & { arguments: string }>) {
      yield { entry: entryOf(row), arguments: JSON.parse(row.arguments) as Record<string, unknown> };
    }
  }

  /** Deletes entries that started before `time`; returns how many. */
  deleteBefore(time: number): number {
    return Number(this.deleteStatement.run(time).changes);
  }
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
