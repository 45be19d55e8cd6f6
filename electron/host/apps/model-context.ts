import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';

/**
 * What apps asked the model to know (`ui/update-model-context`, MCP Apps 2026-01-26): the latest per app in
 * each conversation, replacing the one before (as the spec says), saved with the conversation in
 * `app_model_context` so a restart keeps it. It goes into the system prompt of the conversation's following
 * turns, fenced and labelled as the app's words.
 */
export class AppModelContext {
  private readonly upsert: StatementSync;
  private readonly remove: StatementSync;
  private readonly one: StatementSync;
  private readonly all: StatementSync;
  private readonly now: () => number;

  /** `db` must have been opened with `chatMigrations`. */
  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.now = now;
    this.upsert = db.prepare(
      `INSERT INTO app_model_context (conversation_id, server, tool, text, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (conversation_id, server, tool) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
    );
    this.remove = db.prepare('DELETE FROM app_model_context WHERE conversation_id = ? AND server = ? AND tool = ?');
    this.one = db.prepare('SELECT text FROM app_model_context WHERE conversation_id = ? AND server = ? AND tool = ?');
    this.all = db.prepare('SELECT server, tool, text FROM app_model_context WHERE conversation_id = ? ORDER BY server, tool');
  }

  /** Throws when the conversation does not exist (its foreign key). An empty text removes the app's entry. */
  set(conversationId: string, server: string, tool: string, text: string): void {
    if (text.trim()) this.upsert.run(conversationId, server, tool, text.trim(), this.now());
    else this.remove.run(conversationId, server, tool);
  }

  get(conversationId: string, server: string, tool: string): string | undefined {
    return (this.one.get(conversationId, server, tool) as { text: string } | undefined)?.text;
  }

  /** The system prompt with the conversation's app contexts after it, hidden characters written out. */
  promptWith(base: string, conversationId: string): string {
    const apps = this.all.all(conversationId) as unknown as { server: string; tool: string; text: string }[];
    if (apps.length === 0) return base;
    const label = (value: string) => writeOutHidden(value).replace(/"/g, "'");
    const sections = apps.map(
      ({ server, tool, text }) =>
        `<app_context server="${label(server)}" tool="${label(tool)}">\n${writeOutHidden(text).replace(/<\/?app_context/gi, '')}\n</app_context>`,
    );
    return [
      base.trim(),
      'Apps shown in this conversation shared the following context. It is written by each app (its server), not by the person.',
      ...sections,
    ]
      .filter(Boolean)
      .join('\n\n');
  }
}
