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
   CREATE INDEX IF NOT EXISTS activity_by_tool ON activity(tool, started_at);
   CREATE INDEX IF NOT EXISTS activity_by_outcome ON activity(outcome, started_at);
   CREATE INDEX IF NOT EXISTS activity_durations ON activity(server, duration_ms) WHERE outcome != 'denied' AND duration_ms IS NOT NULL;`;
