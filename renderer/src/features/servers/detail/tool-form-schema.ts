import type { Tool } from '@modelcontextprotocol/client';
import { hasHidden, writeOutHidden } from '../../../../../shared/text/hidden-characters.ts';

/**
 * The tool's input schema as the form should see it. `$schema` and `$id` go: the form's validator speaks one
 * draft and keeps schemas by id, and two tools may share an id or name a draft it does not load.
 */
export function formSchemaOf(inputSchema: Tool['inputSchema'] | undefined): Record<string, unknown> {
  const copy: Record<string, unknown> =
    inputSchema && typeof inputSchema === 'object' ? (JSON.parse(JSON.stringify(inputSchema)) as Record<string, unknown>) : {};
  delete copy.$schema;
  delete copy.$id;
  if (copy.type === undefined) copy.type = 'object';
  if (copy.type === 'object' && copy.properties === undefined) copy.properties = {};
  return revealWords(copy) as Record<string, unknown>;
}

/** Values the server expects back as sent: never rewritten. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);

/**
 * The form prints titles, descriptions and property names as plain text, so their hidden characters are
 * written out (`<U+202E>`) before it sees them. A property name stays the key it is (the server needs it
 * back); when it hides something and has no title, the written-out name becomes its title.
 */
function revealWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revealWords);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'title' || key === 'description') && typeof child === 'string') out[key] = writeOutHidden(child);
    else if (key === 'properties' && typeof child === 'object' && child !== null && !Array.isArray(child)) out[key] = revealProperties(child as Record<string, unknown>);
    else out[key] = DATA_KEYWORDS.has(key) ? child : revealWords(child);
  }
  return out;
}

function revealProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const revealed = revealWords(schema);
    const untitled = typeof revealed === 'object' && revealed !== null && !Array.isArray(revealed) && (revealed as { title?: unknown }).title === undefined;
    out[name] = untitled && hasHidden(name) ? { ...(revealed as Record<string, unknown>), title: writeOutHidden(name) } : revealed;
  }
  return out;
}

export function hasInputs(schema: Record<string, unknown>): boolean {
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
}
