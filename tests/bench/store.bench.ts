/**
 * The conversation store at 100,000 messages (issue #13), each figure against the old way in the same run:
 * - search: ms per query (median of runs, and the worst) for common words, prefixes as they are typed, two
 *   words and a rare word; the old way ranked every match inside FTS5 and made its snippets there.
 * - bytes written to disk (the WAL grows by every page written) while a 100 KB answer streams in 40 saves
 *   (one per 250 ms at ~10 KB/s) and ends; the old way rewrote the row and its index entry at every save.
 * - bytes of JSON sent opening a 5,000-message conversation: the first page against the whole conversation.
 * - the longest single call the host thread makes into the database, over every store call the app makes.
 *
 * BENCH_STORE_MESSAGES sets the corpus size (default 100000); BENCH_STORE_RUNS the search runs (default 15).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage } from '../../shared/chat/chat-types.ts';
import { chatMigrations, ConversationStore } from '../../electron/host/store/conversations.ts';
import { DATABASE_FILE_NAME, openDatabase } from '../../electron/host/store/database.ts';
import { OPEN_PAGE, OLDER_PAGE } from '../../renderer/src/features/chat/message-pages.ts';
import { fillStore, textMaker } from './support/message-corpus.ts';

export const name = 'conversation store at 100,000 messages';

const total = Number(process.env.BENCH_STORE_MESSAGES ?? 100_000);
const runs = Number(process.env.BENCH_STORE_RUNS ?? 15);

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const ratio = (a: number, b: number) => `×${Number((a / b).toPrecision(2))}`;

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The old query: every word quoted, the last always a prefix; FTS5 ranks all matches, then snippets. */
function oldFtsQuery(input: string): string | undefined {
  const words = input.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}
const OLD_SEARCH = `SELECT m.id AS message_id, m.conversation_id, c.title, c.updated_at,
        snippet(messages_fts, 0, '[[', ']]', '…', 16) AS snippet
   FROM (SELECT rowid, rank FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rank LIMIT ?) AS best
   JOIN messages_fts ON messages_fts.rowid = best.rowid
   JOIN messages m ON m.row = best.rowid
   JOIN conversations c ON c.id = m.conversation_id
  WHERE messages_fts MATCH ?1
  ORDER BY best.rank, c.updated_at DESC`;

const QUERIES = ['the', 't', 'th', 'the of', 'server', 'serv', 'budget report', 'water', 'model answer', 'zzqx'];

export async function run(): Promise<{ lines: string[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-bench-store-'));
  const lines: string[] = [];
  try {
    const db = openDatabase(dir, chatMigrations);
    const [corpus, fillMs] = timed(() => fillStore(db, total));
    // As a profile in use is: its pages in the database file, not all in the WAL.
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const store = new ConversationStore(db);
    const longest: { call: string; ms: number }[] = [];
    const note = (call: string, value: number) => longest.push({ call, ms: value });
    lines.push(
      `${corpus.messageCount.toLocaleString('en')} messages in ${corpus.conversationIds.length} conversations, written in ${(fillMs / 1000).toFixed(1)} s; database ${kb(statSync(path.join(dir, DATABASE_FILE_NAME)).size + walSize(dir))}`,
    );

    // Search.
    const oldSearch = db.prepare(OLD_SEARCH);
    lines.push(`search, ${runs} runs each (median / worst), 50 results with snippets:`);
    let worstNew = 0;
    let worstOld = 0;
    for (const query of QUERIES) {
      const fresh: number[] = [];
      const old: number[] = [];
      let found = 0;
      for (let index = 0; index < runs; index++) {
        const [hits, took] = timed(() => store.search(query));
        found = hits.length;
        fresh.push(took);
        const match = oldFtsQuery(query)!;
        old.push(timed(() => oldSearch.all(match, 50))[1]);
      }
      const worst = Math.max(...fresh);
      worstNew = Math.max(worstNew, worst);
      worstOld = Math.max(worstOld, Math.max(...old));
      note(`search "${query}"`, worst);
      lines.push(
        `  ${JSON.stringify(query).padEnd(16)} ${ms(median(fresh)).padStart(9)} / ${ms(worst).padStart(9)}   old ${ms(median(old)).padStart(9)} / ${ms(Math.max(...old)).padStart(9)}   ${ratio(median(old), median(fresh))}   (${found} hits)`,
      );
    }
    lines.push(`  worst query: ${ms(worstNew)} (target ≤ 20 ms), old ${ms(worstOld)}: ${ratio(worstOld, worstNew)}`);

    // Opening the long conversation.
    const id = corpus.longConversationId;
    const [whole, wholeMs] = timed(() => store.get(id)!);
    const [page, pageMs] = timed(() => store.get(id, { limit: OPEN_PAGE })!);
    const [older, olderMs] = timed(() => store.olderMessages(id, page.messages[0].id, OLDER_PAGE));
    note('chat.get (first page)', pageMs);
    note('chat.olderMessages', olderMs);
    const wholeBytes = Buffer.byteLength(JSON.stringify(whole));
    const pageBytes = Buffer.byteLength(JSON.stringify(page));
    lines.push(
      `opening the ${whole.messages.length.toLocaleString('en')}-message conversation: ${kb(pageBytes)} sent (${page.messages.length} newest, ${ms(pageMs)}); old way ${kb(wholeBytes)} (${ms(wholeMs)}): ${ratio(wholeBytes, pageBytes)}`,
    );
    lines.push(`  each scroll back: ${older.messages.length} older messages, ${kb(Buffer.byteLength(JSON.stringify(older)))} (${ms(olderMs)})`);

    // A long answer streaming in.
    const streamed = streamBytes(db, store, corpus.conversationIds[1], note);
    lines.push(
      `a 100 KB answer in 40 saves, bytes written (WAL): ${kb(streamed.fresh)}; old way ${kb(streamed.old)}: ${ratio(streamed.old, streamed.fresh)}`,
    );

    // Every other call the app makes, at this size.
    note('chat.send: the end of the conversation', timed(() => store.get(id, { limit: 50 }))[1]);
    note('chat.send: a history page of 500', timed(() => store.olderMessages(id, page.messages[0].id, 500))[1]);
    note('chat.list', timed(() => store.list())[1]);
    note('summary', timed(() => store.summary(id))[1]);
    note('streamingMessages (start)', timed(() => store.streamingMessages())[1]);
    const user: ChatMessage = { id: 'bench-user', conversationId: id, role: 'user', blocks: [{ type: 'text', text: 'one more question' }], status: 'complete', createdAt: Date.now() };
    note('addMessage', timed(() => store.addMessage(user))[1]);
    note('touch', timed(() => store.touch(id))[1]);
    longest.sort((a, b) => b.ms - a.ms);
    lines.push(
      `longest single database call on the host thread: ${ms(longest[0].ms)} (${longest[0].call}; target ≤ 16 ms); old way: whole conversation ${ms(wholeMs)}, search ${ms(worstOld)}`,
    );
    lines.push(`  next: ${longest.slice(1, 5).map((entry) => `${entry.call} ${ms(entry.ms)}`).join(', ')}`);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { lines };
}

function walSize(dir: string): number {
  try {
    return statSync(path.join(dir, `${DATABASE_FILE_NAME}-wal`)).size;
  } catch {
    return 0;
  }
}

/** Streams the same 100 KB answer twice, new and old way, and returns the WAL bytes each wrote. */
function streamBytes(
  db: ReturnType<typeof openDatabase>,
  store: ConversationStore,
  conversationId: string,
  note: (call: string, ms: number) => void,
): { fresh: number; old: number } {
  const text = textMaker(11)(15_000).slice(0, 100_000);
  const saves = 40;
  const step = Math.ceil(text.length / saves);
  // The WAL restarts from its start after a TRUNCATE checkpoint and no checkpoint runs meanwhile, so its size is what was written.
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const measure = (stream: (answer: ChatMessage) => void): number => {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const answer: ChatMessage = { id: crypto.randomUUID(), conversationId, role: 'assistant', blocks: [], status: 'streaming', createdAt: Date.now() };
    store.addMessage(answer);
    const before = walSize(path.dirname(db.location()!));
    stream(answer);
    return walSize(path.dirname(db.location()!)) - before;
  };

  const fresh = measure((answer) => {
    answer.blocks.push({ type: 'text', text: '' });
    store.saveMessage(answer);
    for (let at = 0; at < text.length; at += step) {
      (answer.blocks[0] as { text: string }).text += text.slice(at, at + step);
      note('saveText (250 ms tick)', timed(() => store.saveText(answer))[1]);
    }
    answer.status = 'complete';
    note('saveMessage (answer ends, indexed)', timed(() => store.saveMessage(answer))[1]);
  });

  const rewrite = db.prepare('UPDATE messages SET status = ?, data = ?, search_text = ? WHERE id = ?');
  const old = measure((answer) => {
    let current = '';
    for (let at = 0; at < text.length; at += step) {
      current += text.slice(at, at + step);
      rewrite.run('streaming', JSON.stringify({ blocks: [{ type: 'text', text: current }] }), current, answer.id);
    }
    rewrite.run('complete', JSON.stringify({ blocks: [{ type: 'text', text: current }] }), current, answer.id);
  });
  db.exec('PRAGMA wal_autocheckpoint = 1000');
  return { fresh, old };
}
