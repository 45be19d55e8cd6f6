import { randomUUID } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type {
  ChatMessage,
  Conversation,
  ConversationSummary,
  ProviderId,
  SearchHit,
} from '../../../shared/chat/chat-types.ts';
import { contentText, contextLabel } from '../../../shared/context/context-text.ts';
import { inTransaction } from './database.ts';
import { saveFailure } from './storage-errors.ts';

/**
 * Schema steps for conversations, messages, their full-text index and tool grants; the Host passes them to
 * `openDatabase`. Append only, like the base steps.
 */
export const chatMigrations: readonly string[] = [
  `CREATE TABLE conversations (
     id TEXT PRIMARY KEY,
     title TEXT NOT NULL,
     -- 1 once the title was set (by the person, or from the first message): later messages leave it alone.
     titled INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     provider TEXT,
     model TEXT,
     disabled_tools TEXT NOT NULL DEFAULT '[]'
   ) STRICT;
   -- An explicit INTEGER PRIMARY KEY: the full-text index refers to rows by rowid, which VACUUM may otherwise renumber.
   CREATE TABLE messages (
     row INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
     role TEXT NOT NULL,
     status TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     data TEXT NOT NULL,
     search_text TEXT NOT NULL
   ) STRICT;
   CREATE INDEX messages_by_conversation ON messages(conversation_id, row);
   CREATE VIRTUAL TABLE messages_fts USING fts5(
     search_text, content='messages', content_rowid='row', tokenize='unicode61 remove_diacritics 2'
   );
   CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
     INSERT INTO messages_fts(rowid, search_text) VALUES (new.row, new.search_text);
   END;
   CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
     INSERT INTO messages_fts(messages_fts, rowid, search_text) VALUES ('delete', old.row, old.search_text);
   END;
   CREATE TRIGGER messages_fts_update AFTER UPDATE OF search_text ON messages BEGIN
     INSERT INTO messages_fts(messages_fts, rowid, search_text) VALUES ('delete', old.row, old.search_text);
     INSERT INTO messages_fts(rowid, search_text) VALUES (new.row, new.search_text);
   END;
   CREATE TABLE tool_grants (
     id TEXT PRIMARY KEY,
     server TEXT NOT NULL,
     tool TEXT NOT NULL,
     scope TEXT NOT NULL CHECK (scope IN ('always', 'conversation')),
     conversation_id TEXT REFERENCES conversations(id) ON DELETE CASCADE,
     definition_hash TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX tool_grants_by_tool ON tool_grants(server, tool);`,
  // The definition a person approved, per server and tool, so a changed tool is held back and shown as a diff.
  `CREATE TABLE tool_pins (
     server TEXT NOT NULL,
     tool TEXT NOT NULL,
     definition TEXT NOT NULL,
     definition_hash TEXT NOT NULL,
     approved_at INTEGER NOT NULL,
     PRIMARY KEY (server, tool)
   ) STRICT;`,
];

export const UNTITLED = 'New conversation';
const TITLE_MAX = 60;

interface ConversationRow {
  id: string;
  title: string;
  titled: number;
  created_at: number;
  updated_at: number;
  provider: string | null;
  model: string | null;
  disabled_tools: string;
  message_count: number;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  role: string;
  status: string;
  created_at: number;
  data: string;
}

/** What a message row keeps as JSON; the rest has columns. */
type MessageData = Pick<ChatMessage, 'blocks' | 'model' | 'provider' | 'usage' | 'error'>;

/** "  Plan the\n trip to   Lisbon in May, with…" → "Plan the trip to Lisbon in May, with…", cut at a word. */
export function titleFrom(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length === 0) return UNTITLED;
  if (flat.length <= TITLE_MAX) return flat;
  const cut = flat.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What search finds a message by: its text, and the text of its tool results and of the context it carries. */
function searchTextOf(message: ChatMessage): string {
  return message.blocks
    .map((block) => {
      if (block.type === 'text') return block.text;
      if (block.type === 'context') return contentText(block.content);
      if (block.type === 'tool_call' && block.result) return contentText(block.result.content ?? []);
      return '';
    })
    .filter((text) => text !== '')
    .join('\n');
}

/** A conversation is named after what the person wrote, not after what they attached. */
function titleTextOf(message: ChatMessage): string {
  const typed = message.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  if (typed.trim() !== '') return typed;
  const context = message.blocks.find((block) => block.type === 'context');
  return context ? contextLabel(context) : '';
}

/**
 * Free text → an FTS5 query that cannot be malformed: every word quoted (all must match), the last one as a
 * prefix so results follow the typing.
 */
export function ftsQuery(input: string): string | undefined {
  const words = input.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}

/** Conversations and their messages in `switchboard.db`. Synchronous: node:sqlite is, and the rows are small. */
export class ConversationStore {
  private readonly db: DatabaseSync;
  private readonly now: () => number;
  private readonly statements: Record<string, StatementSync>;
  /**
   * Messages whose latest save failed (a full disk): held here by reference, so later changes are included,
   * shown by every read, and written at the next save that works. Nothing written is lost while the host runs.
   */
  private readonly unsaved = new Map<string, ChatMessage>();

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    const summaryColumns = `c.id, c.title, c.titled, c.created_at, c.updated_at, c.provider, c.model, c.disabled_tools,
      (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count`;
    this.statements = {
      insertConversation: db.prepare(
        'INSERT INTO conversations (id, title, titled, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      ),
      list: db.prepare(`SELECT ${summaryColumns} FROM conversations c ORDER BY c.updated_at DESC, c.rowid DESC`),
      one: db.prepare(`SELECT ${summaryColumns} FROM conversations c WHERE c.id = ?`),
      rename: db.prepare('UPDATE conversations SET title = ?, titled = 1, updated_at = ? WHERE id = ?'),
      delete: db.prepare('DELETE FROM conversations WHERE id = ?'),
      nameFromMessage: db.prepare('UPDATE conversations SET title = ?, titled = 1 WHERE id = ? AND titled = 0'),
      touch: db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?'),
      setModel: db.prepare('UPDATE conversations SET provider = ?, model = ? WHERE id = ?'),
      setDisabled: db.prepare('UPDATE conversations SET disabled_tools = ? WHERE id = ?'),
      messages: db.prepare(
        'SELECT id, conversation_id, role, status, created_at, data FROM messages WHERE conversation_id = ? ORDER BY row',
      ),
      insertMessage: db.prepare(
        'INSERT INTO messages (id, conversation_id, role, status, created_at, data, search_text) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      streaming: db.prepare(
        "SELECT id, conversation_id, role, status, created_at, data FROM messages WHERE status = 'streaming' ORDER BY row",
      ),
      updateMessage: db.prepare('UPDATE messages SET status = ?, data = ?, search_text = ? WHERE id = ?'),
      // Rank and cut inside FTS5 first (its `rank` order is optimised), then build snippets for those rows only.
      search: db.prepare(
        `SELECT m.id AS message_id, m.conversation_id, c.title, c.updated_at,
                snippet(messages_fts, 0, '[[', ']]', '…', 16) AS snippet
           FROM (SELECT rowid, rank FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rank LIMIT ?) AS best
           JOIN messages_fts ON messages_fts.rowid = best.rowid
           JOIN messages m ON m.row = best.rowid
           JOIN conversations c ON c.id = m.conversation_id
          WHERE messages_fts MATCH ?1
          ORDER BY best.rank, c.updated_at DESC`,
      ),
    };
  }

  create(title?: string): ConversationSummary {
    const id = randomUUID();
    const at = this.now();
    const trimmed = title?.trim();
    this.statements.insertConversation.run(id, trimmed || UNTITLED, trimmed ? 1 : 0, at, at);
    return this.summary(id)!;
  }

  list(): ConversationSummary[] {
    return (this.statements.list.all() as unknown as ConversationRow[]).map(toSummary);
  }

  summary(id: string): ConversationSummary | undefined {
    const row = this.statements.one.get(id) as unknown as ConversationRow | undefined;
    return row ? toSummary(row) : undefined;
  }

  get(id: string): Conversation | undefined {
    const row = this.statements.one.get(id) as unknown as ConversationRow | undefined;
    if (!row) return undefined;
    return { ...toSummary(row), messages: this.messages(id), disabledTools: parseList(row.disabled_tools) };
  }

  messages(conversationId: string): ChatMessage[] {
    return (this.statements.messages.all(conversationId) as unknown as MessageRow[]).map((row) => {
      const held = this.unsaved.get(row.id);
      return held ? structuredClone(held) : toMessage(row);
    });
  }

  /** How many messages wait to be written (their last save failed). */
  get unsavedCount(): number {
    return this.unsaved.size;
  }

  rename(id: string, title: string): ConversationSummary | undefined {
    this.statements.rename.run(title.trim(), this.now(), id);
    return this.summary(id);
  }

  delete(id: string): boolean {
    for (const [messageId, message] of this.unsaved) if (message.conversationId === id) this.unsaved.delete(messageId);
    return Number(this.statements.delete.run(id).changes) > 0;
  }

  setModel(id: string, provider: ProviderId, model: string): void {
    this.statements.setModel.run(provider, model, id);
  }

  setDisabledTools(id: string, disabled: readonly string[]): void {
    this.statements.setDisabled.run(JSON.stringify([...new Set(disabled)].sort()), id);
  }

  /** Adds a message; the first message from the person names an untitled conversation. */
  addMessage(message: ChatMessage): void {
    const at = this.now();
    try {
      this.insertMessage(message, at);
    } catch (error) {
      throw saveFailure(error, message.role === 'user' ? 'your message' : 'the answer');
    }
    this.retryUnsaved();
  }

  private insertMessage(message: ChatMessage, at: number): void {
    inTransaction(this.db, () => {
      this.statements.insertMessage.run(
        message.id,
        message.conversationId,
        message.role,
        message.status,
        message.createdAt,
        JSON.stringify(dataOf(message)),
        searchTextOf(message),
      );
      if (message.role === 'user') {
        this.statements.nameFromMessage.run(titleFrom(titleTextOf(message)), message.conversationId);
      }
      this.statements.touch.run(at, message.conversationId);
    });
  }

  /** Answers still marked as streaming: after a crash, those the app was writing when it went down. */
  streamingMessages(): ChatMessage[] {
    return (this.statements.streaming.all() as unknown as MessageRow[]).map(toMessage);
  }

  /**
   * Rewrites a message as it stands (called while an answer streams in, and when it ends). When the write
   * fails the message is held in memory and the error thrown says why; any later save retries it.
   */
  saveMessage(message: ChatMessage): void {
    try {
      this.statements.updateMessage.run(message.status, JSON.stringify(dataOf(message)), searchTextOf(message), message.id);
    } catch (error) {
      this.unsaved.set(message.id, message);
      throw saveFailure(error, message.role === 'user' ? 'your message' : 'the answer');
    }
    this.unsaved.delete(message.id);
    this.retryUnsaved();
  }

  /** Writes the messages held after failed saves; stops at the first that still fails. */
  retryUnsaved(): void {
    for (const message of [...this.unsaved.values()]) {
      try {
        this.statements.updateMessage.run(message.status, JSON.stringify(dataOf(message)), searchTextOf(message), message.id);
      } catch {
        return;
      }
      this.unsaved.delete(message.id);
    }
  }

  touch(conversationId: string): void {
    this.statements.touch.run(this.now(), conversationId);
  }

  search(query: string, limit = 50): SearchHit[] {
    const match = ftsQuery(query);
    if (!match) return [];
    const rows = this.statements.search.all(match, limit) as unknown as {
      message_id: string;
      conversation_id: string;
      title: string;
      updated_at: number;
      snippet: string;
    }[];
    return rows.map((row) => ({
      conversationId: row.conversation_id,
      title: row.title,
      messageId: row.message_id,
      snippet: row.snippet,
      updatedAt: row.updated_at,
    }));
  }

  /**
   * Recomputes what search finds every message by, in one transaction: for conversations saved before search
   * covered tool results and attached context. Returns how many messages changed.
   */
  reindexSearch(): number {
    const rows = this.db
      .prepare(
        `SELECT id, conversation_id, role, status, created_at, data, search_text FROM messages
          WHERE data LIKE '%"tool_call"%' OR data LIKE '%"context"%'`,
      )
      .all() as unknown as (MessageRow & { search_text: string })[];
    const update = this.db.prepare('UPDATE messages SET search_text = ? WHERE id = ?');
    let changed = 0;
    inTransaction(this.db, () => {
      for (const row of rows) {
        const text = searchTextOf(toMessage(row));
        if (text === row.search_text) continue;
        update.run(text, row.id);
        changed++;
      }
    });
    return changed;
  }
}

function dataOf(message: ChatMessage): MessageData {
  return { blocks: message.blocks, model: message.model, provider: message.provider, usage: message.usage, error: message.error };
}

function toSummary(row: ConversationRow): ConversationSummary {
  const summary: ConversationSummary = {
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    messageCount: row.message_count,
  };
  if (row.model) summary.model = row.model;
  if (row.provider === 'anthropic' || row.provider === 'openai') summary.provider = row.provider;
  return summary;
}

function toMessage(row: MessageRow): ChatMessage {
  const data = JSON.parse(row.data) as MessageData;
  const message: ChatMessage = {
    id: row.id,
    conversationId: row.conversation_id,
    role: row.role as ChatMessage['role'],
    blocks: data.blocks ?? [],
    status: row.status as ChatMessage['status'],
    createdAt: row.created_at,
  };
  if (data.model) message.model = data.model;
  if (data.provider) message.provider = data.provider;
  if (data.usage) message.usage = data.usage;
  if (data.error) message.error = data.error;
  return message;
}

function parseList(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
