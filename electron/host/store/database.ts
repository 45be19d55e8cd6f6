import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createPrivateFile, makeDataDirPrivate } from './private-files.ts';
import { openFailure } from './storage-errors.ts';

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

export const DATABASE_FILE_NAME = 'switchboard.db';

/**
 * Opens `<dataDir>/switchboard.db`, making the folder and its files owner-only first. SQLite gives its
 * `-wal` and `-shm` files the mode of the database file, so creating that one 0600 keeps all three private.
 * A folder that cannot be written or a full disk is reported with the folder's name and the reason.
 */
export function openDatabase(dataDir: string, extraMigrations: readonly string[] = []): DatabaseSync {
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  let db: DatabaseSync | undefined;
  try {
    makeDataDirPrivate(dataDir);
    createPrivateFile(file);
    db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 2000;');
    migrate(db, [...migrations, ...extraMigrations]);
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // Already closed or never opened; the open failure is what matters.
    }
    throw openFailure(error, dataDir);
  }
}

/**
 * Runs `work` in a transaction. SQLite rolls back by itself on some errors (SQLITE_FULL among them), and a
 * ROLLBACK then fails with "no transaction is active": that second error must never hide the first.
 */
export function inTransaction(db: DatabaseSync, work: () => void): void {
  db.exec('BEGIN');
  try {
    work();
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // The original error says why the transaction failed.
      }
    }
    throw error;
  }
}

function migrate(db: DatabaseSync, steps: readonly string[]): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = row.user_version; version < steps.length; version++) {
    inTransaction(db, () => {
      db.exec(steps[version]);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
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
