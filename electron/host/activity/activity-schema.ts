/**
 * The tool-call record's table, appended to the chat's schema steps. `IF NOT EXISTS` so the step is safe
 * wherever it lands in the order when branches that each append a step are merged.
 * No foreign key to conversations: the record outlives a deleted conversation, as an audit log should.
 */
export const activityMigration = `CREATE TABLE IF NOT EXISTS activity (
     row INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     started_at INTEGER NOT NULL,
     duration_ms INTEGER,
     conversation_id TEXT,
     server TEXT NOT NULL,
     tool TEXT NOT NULL,
     source TEXT NOT NULL,
     approval TEXT NOT NULL,
     scope TEXT,
     outcome TEXT NOT NULL,
     result_bytes INTEGER,
     error TEXT,
     arguments TEXT NOT NULL,
     result TEXT,
     result_truncated INTEGER NOT NULL DEFAULT 0
   ) STRICT;
   CREATE INDEX IF NOT EXISTS activity_by_time ON activity(started_at);
   CREATE INDEX IF NOT EXISTS activity_by_server ON activity(server, started_at);
   CREATE INDEX IF NOT EXISTS activity_by_server_tool ON activity(server, tool, started_at);
   CREATE INDEX IF NOT EXISTS activity_by_tool ON activity(tool, started_at);
   CREATE INDEX IF NOT EXISTS activity_by_outcome ON activity(outcome, started_at);
   CREATE INDEX IF NOT EXISTS activity_by_source ON activity(source, started_at);
   CREATE INDEX IF NOT EXISTS activity_counts ON activity(server, outcome, started_at);
   CREATE INDEX IF NOT EXISTS activity_tool_counts ON activity(tool, server, outcome, started_at, source, duration_ms);
   CREATE INDEX IF NOT EXISTS activity_durations ON activity(server, duration_ms, started_at, source, outcome) WHERE outcome != 'denied' AND duration_ms IS NOT NULL;
   -- Calls per UTC day, server, source and outcome, kept by triggers: the stats count whole days here instead of
   -- reading every entry.
   CREATE TABLE IF NOT EXISTS activity_daily (
     day INTEGER NOT NULL,
     server TEXT NOT NULL,
     source TEXT NOT NULL,
     outcome TEXT NOT NULL,
     calls INTEGER NOT NULL,
     PRIMARY KEY (day, server, source, outcome)
   ) STRICT, WITHOUT ROWID;
   CREATE TRIGGER IF NOT EXISTS activity_daily_insert AFTER INSERT ON activity BEGIN
     INSERT INTO activity_daily (day, server, source, outcome, calls) VALUES (new.started_at / 86400000, new.server, new.source, new.outcome, 1)
       ON CONFLICT (day, server, source, outcome) DO UPDATE SET calls = calls + 1;
   END;
   CREATE TRIGGER IF NOT EXISTS activity_daily_delete AFTER DELETE ON activity BEGIN
     UPDATE activity_daily SET calls = calls - 1
       WHERE day = old.started_at / 86400000 AND server = old.server AND source = old.source AND outcome = old.outcome;
     DELETE FROM activity_daily
       WHERE day = old.started_at / 86400000 AND server = old.server AND source = old.source AND outcome = old.outcome AND calls <= 0;
   END;`;
