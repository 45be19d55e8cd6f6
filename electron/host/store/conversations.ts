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
import { activityMigration } from '../activity/activity-schema.ts';
import { inTransaction } from './database.ts';
import { MessageSearch } from './message-search.ts';
import { saveFailure } from './storage-errors.ts';
import { StreamingText } from './streaming-text.ts';

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
  // A prefix index (2–4 letters) so the prefix search typing asks for reads one list instead of merging every
  // word that starts so; text streamed into an answer is appended to message_chunks (store/streaming-text.ts).
  `DROP TRIGGER messages_fts_insert;
   DROP TRIGGER messages_fts_delete;
   DROP TRIGGER messages_fts_update;
   DROP TABLE messages_fts;
   CREATE VIRTUAL TABLE messages_fts USING fts5(
     search_text, content='messages', content_rowid='row', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
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
   INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
   CREATE TABLE message_chunks (
     id INTEGER PRIMARY KEY,
     message_row INTEGER NOT NULL REFERENCES messages(row) ON DELETE CASCADE,
     block_index INTEGER NOT NULL,
     text TEXT NOT NULL
   ) STRICT;
   CREATE INDEX message_chunks_by_message ON message_chunks(message_row, id);
   CREATE INDEX messages_streaming ON messages(row) WHERE status = 'streaming';`,
  // What each MCP App of a conversation last told the model (`ui/update-model-context`), so a restart keeps it.
  `CREATE TABLE app_model_context (
     conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
     server TEXT NOT NULL,
     tool TEXT NOT NULL,
     text TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (conversation_id, server, tool)
   ) STRICT;`,
  // The tool-call record (host/activity).
  activityMigration,
];

export const UNTITLED = 'New conversation';
const TITLE_MAX = 50;

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
type MessageData = Pick<ChatMessage, 'blocks' | 'model' | 'provider' | 'usage' | 'error' | 'fromApp'>;

/**
 * A short, readable title from the person's first message: Markdown marks and code blocks left out, its first
 * sentence when that is short enough, cut at a word with an ellipsis otherwise, first letter upper case.
 * "## plan the\n trip to `Lisbon` in May. Also…" → "Plan the trip to Lisbon in May".
 */
export function titleFrom(text: string): string {
  const plain = text
    .replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?(^ {0,3}\1|(?![\s\S])) */gmu, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/^ {0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gmu, '')
    .replace(/[`*_~]+/gu, '');
  const flat = plain.replace(/\s+/gu, ' ').trim();
  if (flat.length === 0) return UNTITLED;
  const sentence = /^.{12,}?[.!?…](?=\s|$)/u.exec(flat)?.[0];
  const short = sentence && sentence.length <= TITLE_MAX ? sentence.replace(/[.…]$/u, '') : flat;
  const title = short.length <= TITLE_MAX ? short : cutAtWord(short);
  return title.charAt(0).toLocaleUpperCase() + title.slice(1);
}

function cutAtWord(text: string): string {
  const cut = text.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/u, '')}…`;
}

/**
 * What search finds a message by: its text, and the text of its tool results and of the context it carries;
 * nothing while an answer streams, so the index is written once, at its end.
 */
function searchTextOf(message: ChatMessage): string {
  if (message.status === 'streaming') return '';
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

/** One page of a conversation, oldest first; `hasOlder` says whether messages before it remain. */
export interface MessagePage {
  messages: ChatMessage[];
  hasOlder: boolean;
}

/** A conversation is named after what the person wrote, not after what they attached. */
function titleTextOf(message: ChatMessage): string {
  const typed = message.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  if (typed.trim() !== '') return typed;
  const context = message.blocks.find((block) => block.type === 'context');
  return context ? contextLabel(context) : '';
}

export interface ConversationWindow {
  /** At most this many of the newest messages (all when absent). */
  limit?: number;
  /** Start at this message (a search hit) instead, a few before it included, through to the newest. */
  from?: string;
}

/** Messages shown before a search hit that a conversation opens at. */
const BEFORE_HIT = 10;

/**
 * Conversations and their messages in `switchboard.db`. Synchronous: node:sqlite is, and every call stays
 * small at 100,000 messages (reads are paged, search ranks a bounded set; `npm run bench` measures them).
 */
export class ConversationStore {
  private readonly db: DatabaseSync;
  private readonly now: () => number;
  private readonly statements: Record<string, StatementSync>;
  private readonly finder: MessageSearch;
  private readonly streaming: StreamingText;
  /**
   * Messages whose latest save failed (a full disk): held here by reference, so later changes are included,
   * shown by every read, and written at the next save that works. Nothing written is lost while the host runs.
   */
  private readonly unsaved = new Map<string, ChatMessage>();

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    this.finder = new MessageSearch(db);
    this.streaming = new StreamingText(db);
    const summaryColumns = `c.id, c.title, c.titled, c.created_at, c.updated_at, c.provider, c.model, c.disabled_tools,
      (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count`;
    const messageColumns = 'id, conversation_id, role, status, created_at, data';
    this.statements = {
      insertConversation: db.prepare(
        'INSERT INTO conversations (id, title, titled, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      ),
      list: db.prepare(`SELECT ${summaryColumns} FROM conversations c ORDER BY c.updated_at DESC, c.rowid DESC`),
      one: db.prepare(`SELECT ${summaryColumns} FROM conversations c WHERE c.id = ?`),
      rename: db.prepare('UPDATE conversations SET title = ?, titled = 1, updated_at = ? WHERE id = ?'),
      delete: db.prepare('DELETE FROM conversations WHERE id = ?'),
      deleteEmpty: db.prepare(
        'DELETE FROM conversations WHERE titled = 0 AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id)',
      ),
      nameFromMessage: db.prepare('UPDATE conversations SET title = ?, titled = 1 WHERE id = ? AND titled = 0'),
      touch: db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?'),
      setModel: db.prepare('UPDATE conversations SET provider = ?, model = ? WHERE id = ?'),
      setDisabled: db.prepare('UPDATE conversations SET disabled_tools = ? WHERE id = ?'),
      messages: db.prepare(`SELECT ${messageColumns} FROM messages WHERE conversation_id = ? ORDER BY row`),
      // Newest first from the index on (conversation_id, row), one more than asked to learn whether older remain.
      newest: db.prepare(`SELECT ${messageColumns} FROM messages WHERE conversation_id = ? ORDER BY row DESC LIMIT ?`),
      before: db.prepare(
        `SELECT ${messageColumns} FROM messages
          WHERE conversation_id = ?1 AND row < (SELECT row FROM messages WHERE id = ?2 AND conversation_id = ?1)
          ORDER BY row DESC LIMIT ?3`,
      ),
      rowOf: db.prepare('SELECT row FROM messages WHERE id = ? AND conversation_id = ?'),
      // From a few messages before the given row through to the newest.
      from: db.prepare(
        `SELECT ${messageColumns} FROM messages
          WHERE conversation_id = ?1 AND row >= coalesce((
            SELECT row FROM messages WHERE conversation_id = ?1 AND row <= ?2 ORDER BY row DESC LIMIT 1 OFFSET ?3), 0)
          ORDER BY row`,
      ),
      first: db.prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY row LIMIT 1'),
      insertMessage: db.prepare(
        'INSERT INTO messages (id, conversation_id, role, status, created_at, data, search_text) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      streaming: db.prepare(`SELECT ${messageColumns} FROM messages WHERE status = 'streaming' ORDER BY row`),
      // Leaves search_text (and so the full-text index, whose trigger watches that column) alone while streaming.
      updateStreaming: db.prepare('UPDATE messages SET status = ?, data = ? WHERE id = ?'),
      updateMessage: db.prepare('UPDATE messages SET status = ?, data = ?, search_text = ? WHERE id = ?'),
    };
  }

  /**
   * A new conversation. With `replaceEmpty` (the app's "New chat"), conversations still empty and unnamed go
   * first, so clicking it again never piles them up; the CLI leaves them, a window may be about to use one.
   */
  create(title?: string, options: { replaceEmpty?: boolean } = {}): ConversationSummary {
    const id = randomUUID();
    const at = this.now();
    const trimmed = title?.trim();
    inTransaction(this.db, () => {
      if (options.replaceEmpty) this.statements.deleteEmpty.run();
      this.statements.insertConversation.run(id, trimmed || UNTITLED, trimmed ? 1 : 0, at, at);
    });
    return this.summary(id)!;
  }

  list(): ConversationSummary[] {
    return (this.statements.list.all() as unknown as ConversationRow[]).map(toSummary);
  }

  summary(id: string): ConversationSummary | undefined {
    const row = this.statements.one.get(id) as unknown as ConversationRow | undefined;
    return row ? toSummary(row) : undefined;
  }

  /**
   * A conversation with all its messages, or, with a window, the newest `limit` of them (or those from a
   * search hit on); `hasOlder` then says whether `olderMessages` has more.
   */
  get(id: string, window?: ConversationWindow): Conversation | undefined {
    const row = this.statements.one.get(id) as unknown as ConversationRow | undefined;
    if (!row) return undefined;
    const conversation: Conversation = { ...toSummary(row), messages: [], disabledTools: parseList(row.disabled_tools) };
    if (window?.from !== undefined || window?.limit !== undefined) {
      const page = window.from !== undefined ? this.fromMessage(id, window.from, window.limit) : this.newest(id, window.limit!);
      conversation.messages = page.messages;
      conversation.hasOlder = page.hasOlder;
    } else {
      conversation.messages = this.messages(id);
    }
    return conversation;
  }

  messages(conversationId: string): ChatMessage[] {
    return this.read(this.statements.messages.all(conversationId));
  }

  /** The `limit` newest messages. */
  newest(conversationId: string, limit: number): MessagePage {
    return this.pageOf(this.statements.newest.all(conversationId, limit + 1), limit);
  }

  /** Up to `limit` messages just before `messageId` (which the renderer has), for scrolling up. */
  olderMessages(conversationId: string, messageId: string, limit: number): MessagePage {
    return this.pageOf(this.statements.before.all(conversationId, messageId, limit + 1), limit);
  }

  private fromMessage(conversationId: string, messageId: string, limit = 50): MessagePage {
    const hit = this.statements.rowOf.get(messageId, conversationId) as { row: number } | undefined;
    // A hit that is no longer in this conversation (deleted meanwhile): the newest page instead.
    if (!hit) return this.newest(conversationId, limit);
    const rows = this.statements.from.all(conversationId, hit.row, BEFORE_HIT);
    const first = this.statements.first.get(conversationId) as { id: string } | undefined;
    return { messages: this.read(rows), hasOlder: rows[0]?.id !== first?.id };
  }

  private pageOf(newestFirst: unknown[], limit: number): MessagePage {
    const hasOlder = newestFirst.length > limit;
    return { messages: this.read(newestFirst.slice(0, limit).reverse()), hasOlder };
  }

  private read(rows: unknown[]): ChatMessage[] {
    return (rows as MessageRow[]).map((row) => {
      const held = this.unsaved.get(row.id);
      if (held) return structuredClone(held);
      const message = toMessage(row);
      return message.status === 'streaming' ? this.streaming.restore(message) : message;
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
    this.streaming.rowWritten(message);
  }

  /** Answers still marked as streaming: after a crash, those the app was writing when it went down. */
  streamingMessages(): ChatMessage[] {
    return this.read(this.statements.streaming.all());
  }

  /**
   * Writes a message as it stands (called when its shape changes and when it ends; the full-text index is
   * written once it no longer streams). When the write fails the message is held in memory and the error
   * thrown says why; any later save retries it.
   */
  saveMessage(message: ChatMessage): void {
    try {
      this.writeRow(message);
    } catch (error) {
      this.unsaved.set(message.id, message);
      throw saveFailure(error, message.role === 'user' ? 'your message' : 'the answer');
    }
    this.unsaved.delete(message.id);
    this.retryUnsaved();
  }

  /**
   * Saves text streamed into the message's last block since the last save, as an append. Falls back to
   * `saveMessage` when an append cannot say it; fails the same way.
   */
  saveText(message: ChatMessage): void {
    if (this.unsaved.has(message.id)) {
      this.saveMessage(message);
      return;
    }
    let appended: boolean;
    try {
      appended = this.streaming.append(message);
    } catch (error) {
      this.unsaved.set(message.id, message);
      throw saveFailure(error, message.role === 'user' ? 'your message' : 'the answer');
    }
    if (!appended) this.saveMessage(message);
    else this.retryUnsaved();
  }

  private writeRow(message: ChatMessage): void {
    const data = JSON.stringify(dataOf(message));
    inTransaction(this.db, () => {
      if (message.status === 'streaming') this.statements.updateStreaming.run(message.status, data, message.id);
      else this.statements.updateMessage.run(message.status, data, searchTextOf(message), message.id);
      this.streaming.rowWritten(message);
    });
  }

  /** Writes the messages held after failed saves; stops at the first that still fails. */
  retryUnsaved(): void {
    for (const message of [...this.unsaved.values()]) {
      try {
        this.writeRow(message);
      } catch {
        return;
      }
      this.unsaved.delete(message.id);
    }
  }

  touch(conversationId: string): void {
    this.statements.touch.run(this.now(), conversationId);
  }

  /** The best of the newest matches (see `MessageSearch`). */
  search(query: string, limit = 50): SearchHit[] {
    return this.finder.search(query, limit);
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
  return { blocks: message.blocks, model: message.model, provider: message.provider, usage: message.usage, error: message.error, fromApp: message.fromApp };
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
  if (data.fromApp) message.fromApp = data.fromApp;
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
