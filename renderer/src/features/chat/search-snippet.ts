export interface SnippetPart {
  text: string;
  match: boolean;
}

/** `chat.search` wraps matched words in `[[` and `]]`; this turns them into parts to render as text, never as markup. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let rest = snippet;
  while (rest) {
    const open = rest.indexOf('[[');
    const close = open === -1 ? -1 : rest.indexOf(']]', open + 2);
    if (open === -1 || close === -1) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open), match: false });
    if (close > open + 2) parts.push({ text: rest.slice(open + 2, close), match: true });
    rest = rest.slice(close + 2);
  }
  return parts;
}
