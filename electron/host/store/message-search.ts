import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SearchHit } from '../../../shared/chat/chat-types.ts';

/**
 * How many of the newest matches are ranked. Ranking every match of a common word took 235–334 ms at 100,000
 * messages; ranking the newest few hundred keeps any query in single milliseconds, and a chat search wants
 * recent conversations first anyway.
 */
export const SEARCH_CANDIDATES = 200;

/** The FTS5 table's prefix index covers these lengths (see the migration); shorter prefixes are not offered. */
const MIN_PREFIX = 2;

/**
 * Free text → an FTS5 query that cannot be malformed: every word quoted (all must match), the last one as a
 * prefix so results follow the typing, once it has two letters (a one-letter prefix matches nearly every row).
 */
export function ftsQuery(input: string): string | undefined {
  const words = input.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words
    .map((word, index) => `"${word}"${index === words.length - 1 && [...word].length >= MIN_PREFIX ? '*' : ''}`)
    .join(' ');
}

interface Candidate {
  row: number;
  score: number;
}

interface HitRow {
  row: number;
  id: string;
  conversation_id: string;
  search_text: string;
  title: string;
  updated_at: number;
}

/** Full-text search over messages: the newest matches from FTS5, ranked by bm25, snippets only for those shown. */
export class MessageSearch {
  private readonly candidates: StatementSync;
  private readonly hit: StatementSync;

  constructor(db: DatabaseSync) {
    // FTS5 walks its index newest first and stops at the LIMIT; bm25() is computed for those rows only.
    this.candidates = db.prepare(
      'SELECT rowid AS row, bm25(messages_fts) AS score FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid DESC LIMIT ?',
    );
    // The rows shown, read in one call.
    this.hit = db.prepare(
      `SELECT m.row, m.id, m.conversation_id, m.search_text, c.title, c.updated_at
         FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.row IN (SELECT value FROM json_each(?))`,
    );
  }

  search(query: string, limit: number): SearchHit[] {
    const match = ftsQuery(query);
    if (!match) return [];
    const ranked = (this.candidates.all(match, SEARCH_CANDIDATES) as unknown as Candidate[])
      // bm25 is better when lower; among equals the newer message first.
      .sort((a, b) => a.score - b.score || b.row - a.row)
      .slice(0, limit);
    const terms = queryTerms(query);
    const rows = new Map((this.hit.all(JSON.stringify(ranked.map((candidate) => candidate.row))) as unknown as HitRow[]).map((row) => [row.row, row]));
    const hits: SearchHit[] = [];
    for (const { row } of ranked) {
      const found = rows.get(row);
      if (!found) continue;
      hits.push({
        conversationId: found.conversation_id,
        title: found.title,
        messageId: found.id,
        snippet: snippetOf(found.search_text, terms),
        updatedAt: found.updated_at,
      });
    }
    return hits;
  }
}

/** Lower case without accents, as the index's `unicode61 remove_diacritics 2` tokenizer sees words. */
function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface Term {
  text: string;
  prefix: boolean;
}

function queryTerms(query: string): Term[] {
  const words = query.match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words.map((word, index) => ({ text: fold(word), prefix: index === words.length - 1 && [...word].length >= MIN_PREFIX }));
}

const SNIPPET_WORDS = 16;

/**
 * About sixteen words around the first match, matched words wrapped in `[[` `]]`, `…` where text was cut.
 * Built here rather than with FTS5's snippet(), which re-reads the match per row and cost more than the search.
 */
export function snippetOf(text: string, terms: readonly Term[]): string {
  const tokens = [...text.matchAll(/[\p{L}\p{N}_]+/gu)];
  const matches = (word: string) => {
    const folded = fold(word);
    return terms.some((term) => (term.prefix ? folded.startsWith(term.text) : folded === term.text));
  };
  const first = Math.max(0, tokens.findIndex((token) => matches(token[0])));
  const start = Math.max(0, first - Math.floor(SNIPPET_WORDS / 4));
  const end = Math.min(tokens.length, start + SNIPPET_WORDS);
  if (tokens.length === 0) return text.slice(0, 120);
  let out = start > 0 ? '…' : '';
  let at = tokens[start].index;
  for (let index = start; index < end; index++) {
    const token = tokens[index];
    out += text.slice(at, token.index).replace(/\s+/gu, ' ');
    out += matches(token[0]) ? `[[${token[0]}]]` : token[0];
    at = token.index + token[0].length;
  }
  if (end < tokens.length) out += '…';
  else out += text.slice(at).replace(/\s+/gu, ' ');
  return out.trim();
}
