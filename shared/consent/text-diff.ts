/**
 * A small line diff with word marks inside changed lines, for showing how a tool definition changed. Plain
 * longest-common-subsequence: the texts are a description and a pretty-printed schema, so a few hundred lines.
 */

export interface DiffSegment {
  text: string;
  /** Removed (on the before side) or added (on the after side). */
  changed: boolean;
}

/** One row of a side-by-side view: a line on either side, or on one side only. */
export interface DiffRow {
  kind: 'same' | 'changed' | 'removed' | 'added';
  before?: DiffSegment[];
  after?: DiffSegment[];
}

/** Above this many cells the tables would be too big: the middle is shown as one changed block instead. */
const MAX_CELLS = 250_000;

type Op = { op: 'same' | 'del' | 'ins'; a?: string; b?: string };

function lcsOps(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: Op[] = a.slice(0, start).map((item) => ({ op: 'same', a: item, b: item }));
  const tail: Op[] = a.slice(endA).map((item) => ({ op: 'same', a: item, b: item }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle: Op[] = [];
  if (midA.length * midB.length > MAX_CELLS) {
    for (const item of midA) middle.push({ op: 'del', a: item });
    for (const item of midB) middle.push({ op: 'ins', b: item });
    return [...head, ...middle, ...tail];
  }
  // lengths[i][j]: the longest common subsequence of midA[i..] and midB[j..].
  const width = midB.length + 1;
  const lengths = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        midA[i] === midB[j] ? lengths[(i + 1) * width + j + 1] + 1 : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < midA.length && j < midB.length) {
    if (midA[i] === midB[j]) {
      middle.push({ op: 'same', a: midA[i], b: midB[j] });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      middle.push({ op: 'del', a: midA[i++] });
    } else {
      middle.push({ op: 'ins', b: midB[j++] });
    }
  }
  while (i < midA.length) middle.push({ op: 'del', a: midA[i++] });
  while (j < midB.length) middle.push({ op: 'ins', b: midB[j++] });
  return [...head, ...middle, ...tail];
}

function merged(segments: DiffSegment[]): DiffSegment[] {
  const out: DiffSegment[] = [];
  for (const segment of segments) {
    const last = out.at(-1);
    if (last && last.changed === segment.changed) last.text += segment.text;
    else out.push({ ...segment });
  }
  return out;
}

/** Words, runs of spaces and single punctuation marks, so a change marks whole words. */
function tokens(line: string): string[] {
  return line.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
}

/** The words of one line against another: what was removed on the before side, what was added on the after side. */
export function diffWords(before: string, after: string): { before: DiffSegment[]; after: DiffSegment[] } {
  const ops = lcsOps(tokens(before), tokens(after));
  return {
    before: merged(ops.filter((op) => op.op !== 'ins').map((op) => ({ text: op.a!, changed: op.op === 'del' }))),
    after: merged(ops.filter((op) => op.op !== 'del').map((op) => ({ text: op.b!, changed: op.op === 'ins' }))),
  };
}

function linesOf(text: string): string[] {
  return text === '' ? [] : text.split(/\r?\n/);
}

/**
 * Side-by-side rows: unchanged lines on both sides; removed lines paired with the added lines that took their
 * place (as `changed`, words marked); the rest `removed` or `added`.
 */
export function diffText(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let dels: string[] = [];
  let inss: string[] = [];
  const flush = () => {
    const paired = Math.min(dels.length, inss.length);
    for (let k = 0; k < paired; k++) rows.push({ kind: 'changed', ...diffWords(dels[k], inss[k]) });
    for (const line of dels.slice(paired)) rows.push({ kind: 'removed', before: [{ text: line, changed: true }] });
    for (const line of inss.slice(paired)) rows.push({ kind: 'added', after: [{ text: line, changed: true }] });
    dels = [];
    inss = [];
  };
  for (const op of lcsOps(linesOf(before), linesOf(after))) {
    if (op.op === 'del') dels.push(op.a!);
    else if (op.op === 'ins') inss.push(op.b!);
    else {
      flush();
      rows.push({ kind: 'same', before: [{ text: op.a!, changed: false }], after: [{ text: op.b!, changed: false }] });
    }
  }
  flush();
  return rows;
}
