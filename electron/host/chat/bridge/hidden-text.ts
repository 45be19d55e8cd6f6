import type { Tool } from '@modelcontextprotocol/client';
import { addSummaries, summarizeHidden, writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import type { HiddenSummary } from '../../../../shared/text/hidden-characters.ts';
import { isPlainObject } from './json-schema.ts';

/** Where in a tool definition hidden characters were found, and what they were. */
export interface HiddenFinding {
  where: 'name' | 'title' | 'description' | 'input schema';
  summary: HiddenSummary;
}

/** Schema keywords whose values are data the server expects back, not words for the model: left as sent. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);

function revealSchema(value: unknown, found: HiddenSummary[]): unknown {
  if (Array.isArray(value)) return value.map((item) => revealSchema(item, found));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'title' || key === 'description' || key === '$comment') && typeof child === 'string') {
      const summary = summarizeHidden(child);
      if (summary.count > 0) found.push(summary);
      out[key] = summary.count > 0 ? writeOutHidden(child) : child;
    } else {
      out[key] = DATA_KEYWORDS.has(key) ? child : revealSchema(child, found);
    }
  }
  return out;
}

/**
 * A tool definition as the model may see it: hidden characters in its title, description and the titles and
 * descriptions of its input schema written out (`<U+202E>`), so a payload no person can see does not reach
 * the model as an instruction. The name is reported but left alone here: the bridge rewrites every name to
 * `[A-Za-z0-9_-]` anyway, and the server needs the original back. The same definition gives the same bytes.
 */
export function revealToolForModel(tool: Tool): { tool: Tool; found: HiddenFinding[] } {
  const found: HiddenFinding[] = [];
  const check = (where: HiddenFinding['where'], text: unknown) => {
    if (typeof text !== 'string') return text;
    const summary = summarizeHidden(text);
    if (summary.count === 0) return text;
    found.push({ where, summary });
    return writeOutHidden(text);
  };
  check('name', tool.name);
  const revealed: Tool = { ...tool };
  if (tool.title !== undefined) revealed.title = check('title', tool.title) as string;
  if (tool.description !== undefined) revealed.description = check('description', tool.description) as string;
  if (tool.annotations?.title !== undefined) {
    revealed.annotations = { ...tool.annotations, title: check('title', tool.annotations.title) as string };
  }
  const schemaFound: HiddenSummary[] = [];
  revealed.inputSchema = revealSchema(tool.inputSchema, schemaFound) as Tool['inputSchema'];
  if (schemaFound.length > 0) found.push({ where: 'input schema', summary: addSummaries(schemaFound) });
  return { tool: found.length === 0 ? tool : revealed, found };
}
