/**
 * Okapi BM25 over small documents (a tool's names, title, description and parameter names). Small enough to
 * own: the catalogs are at most a few thousand short documents, built once per catalog change.
 */
const K1 = 1.2;
const B = 0.75;

/** Words of a name or a sentence: `getIssueComments`, `get_issue-comments` and "get issue comments" agree. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
    .map(singular);
}

/** "issues" finds "issue", "searches" finds "search": English plurals only, the way tool names use them. */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'on', 'for', 'by', 'with', 'or', 'is', 'it', 'its', 'be', 'as', 'at', 'from', 'this', 'that']);

export interface Bm25Hit {
  index: number;
  score: number;
}

export class Bm25 {
  private readonly lengths: number[];
  private readonly averageLength: number;
  /** word → [document index, occurrences] */
  private readonly postings = new Map<string, [number, number][]>();

  /** Each document is a list of fields; a field given twice counts twice (how names weigh more). */
  constructor(documents: readonly string[][]) {
    this.lengths = documents.map((fields, index) => {
      const counts = new Map<string, number>();
      let length = 0;
      for (const field of fields) {
        for (const word of tokenize(field)) {
          counts.set(word, (counts.get(word) ?? 0) + 1);
          length++;
        }
      }
      for (const [word, count] of counts) {
        let list = this.postings.get(word);
        if (!list) this.postings.set(word, (list = []));
        list.push([index, count]);
      }
      return length;
    });
    const total = this.lengths.reduce((sum, length) => sum + length, 0);
    this.averageLength = this.lengths.length > 0 ? total / this.lengths.length || 1 : 1;
  }

  /** Best first; ties by document order, so a search gives the same answer every time. */
  search(query: string, limit: number, allowed?: (index: number) => boolean): Bm25Hit[] {
    const scores = new Map<number, number>();
    const n = this.lengths.length;
    for (const word of new Set(tokenize(query))) {
      const list = this.postings.get(word);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [index, count] of list) {
        if (allowed && !allowed(index)) continue;
        const norm = count + K1 * (1 - B + (B * this.lengths[index]) / this.averageLength);
        scores.set(index, (scores.get(index) ?? 0) + (idf * count * (K1 + 1)) / norm);
      }
    }
    return [...scores.entries()]
      .map(([index, score]) => ({ index, score }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, Math.max(0, limit));
  }
}
