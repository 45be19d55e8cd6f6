import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * Schema steps, applied in order and recorded in `PRAGMA user_version`. Append only: a released step never
 * changes, so every copy of `switchboard.db` can be brought forward.
 */
const migrations: readonly string[] = [
  `CREATE TABLE settings (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   ) STRICT;`,
];

export function openDatabase(dataDir: string, extraMigrations: readonly string[] = []): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, 'switchboard.db'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 2000;');
  migrate(db, [...migrations, ...extraMigrations]);
  return db;
}

function migrate(db: DatabaseSync, steps: readonly string[]): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = row.user_version; version < steps.length; version++) {
    db.exec('BEGIN');
    try {
      db.exec(steps[version]);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

/** Small JSON values by key: per-tool switches, window state, preferences. */
export class SettingsStore {
  private readonly getStatement;
  private readonly setStatement;
  private readonly deleteStatement;

  constructor(db: DatabaseSync) {
    this.getStatement = db.prepare('SELECT value FROM settings WHERE key = ?');
    this.setStatement = db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
    this.deleteStatement = db.prepare('DELETE FROM settings WHERE key = ?');
  }

  get<T>(key: string, fallback: T): T {
    const row = this.getStatement.get(key) as { value: string } | undefined;
    if (!row) return fallback;
    try {
      return JSON.parse(row.value) as T;
    } catch {
      return fallback;
    }
  }

  set(key: string, value: unknown): void {
    if (value === undefined) this.deleteStatement.run(key);
    else this.setStatement.run(key, JSON.stringify(value));
  }
}
