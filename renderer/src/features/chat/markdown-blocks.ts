const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BLANK = /^\s*$/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
/** Link reference and footnote definitions: their labels are used in other blocks. */
const DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

/**
 * Splits Markdown into top-level blocks that render the same apart as together, so a streaming answer
 * re-renders only its last block. A blank line ends a block unless a code fence is open, the next line is
 * indented (it continues a list item or code), or both sides are items of one list. Text with reference
 * definitions stays whole: a split would cut a link from its target.
 */
export function splitMarkdownBlocks(text: string): string[] {
  if (DEFINITION.test(text)) return [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let blankSeen = false;

  for (const line of lines) {
    if (fence) {
      current.push(line);
      const close = FENCE.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length && line.trim() === close[1]) fence = undefined;
      continue;
    }
    if (BLANK.test(line)) {
      blankSeen = current.length > 0;
      if (current.length > 0) current.push(line);
      continue;
    }
    if (blankSeen && startsBlock(line, current)) {
      blocks.push(trimEnd(current));
      current = [];
    }
    blankSeen = false;
    current.push(line);
    const open = FENCE.exec(line);
    if (open) fence = { char: open[1][0], length: open[1].length };
  }
  if (current.length > 0) blocks.push(fence ? current.join('\n') : trimEnd(current));
  return blocks;
}

function startsBlock(line: string, current: readonly string[]): boolean {
  if (/^[ \t]/.test(line)) return false;
  return !(LIST_ITEM.test(line) && LIST_ITEM.test(current[0] ?? ''));
}

function trimEnd(lines: readonly string[]): string {
  let end = lines.length;
  while (end > 0 && BLANK.test(lines[end - 1])) end--;
  return lines.slice(0, end).join('\n');
}

/**
 * Blocks grouped into segments of at least `minChars`, each rendered as one Markdown tree. Parsing has a fixed
 * cost per call, so a segment of many small blocks parses once instead of once per block; the grouping runs
 * greedily from the start, so a finished segment keeps its text while the answer grows after it.
 */
export function markdownSegments(text: string, minChars = 600): string[] {
  const segments: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const block of splitMarkdownBlocks(text)) {
    current.push(block);
    size += block.length;
    if (size >= minChars) {
      segments.push(current.join('\n\n'));
      current = [];
      size = 0;
    }
  }
  if (current.length > 0) segments.push(current.join('\n\n'));
  return segments;
}
