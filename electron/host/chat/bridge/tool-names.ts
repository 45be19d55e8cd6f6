import { compareCodeUnits, stableHash } from './stable-hash.ts';

/**
 * What every provider accepts as a function/tool name. Anthropic documents `^[a-zA-Z0-9_-]{1,64}$` for
 * custom tools (https://docs.anthropic.com/en/docs/build-with-claude/tool-use); OpenAI's function names are
 * `a-z, A-Z, 0-9, _ and -, max 64` (FunctionDefinition.name in the openai package). MCP tool names may also
 * hold dots, slashes and any Unicode, and server names hold spaces and dots, so every name is rewritten.
 */
export const MODEL_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const MAX_MODEL_TOOL_NAME_LENGTH = 64;
export const NAMESPACE_SEPARATOR = '__';

const HASH_SUFFIX_LENGTH = 1 + 8;
/** When a name must be shortened, the server part keeps at least this much so names stay readable. */
const MIN_SERVER_CHARS = 16;

export interface ToolRef {
  server: string;
  tool: string;
}

export function refKey(ref: ToolRef): string {
  return `${ref.server}\u0000${ref.tool}`;
}

export function compareRefs(a: ToolRef, b: ToolRef): number {
  return compareCodeUnits(a.server, b.server) || compareCodeUnits(a.tool, b.tool);
}

/** "café v2.1" → "cafe_v2_1": accents folded away (NFKD, then marks dropped), anything else outside the alphabet → "_". */
export function sanitizeNamePart(part: string): string {
  return part
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_-]/gu, '_');
}

function shortened(server: string, tool: string, budget: number): string {
  if (server.length + NAMESPACE_SEPARATOR.length + tool.length <= budget) return server + NAMESPACE_SEPARATOR + tool;
  const room = budget - NAMESPACE_SEPARATOR.length;
  const serverKeep = Math.min(server.length, Math.max(MIN_SERVER_CHARS, room - tool.length));
  return server.slice(0, serverKeep) + NAMESPACE_SEPARATOR + tool.slice(0, room - serverKeep);
}

/**
 * Gives every (server, tool) pair a model-side name `server__tool`, valid for every provider. A pair gets a
 * hash suffix of its exact names when its readable name is too long or shared with another pair, so the
 * result depends only on the set of pairs, never on their order. Returns names keyed by `refKey`.
 */
export function assignModelNames(refs: readonly ToolRef[]): Map<string, string> {
  const unique = new Map<string, ToolRef>();
  for (const ref of refs) unique.set(refKey(ref), { server: ref.server, tool: ref.tool });
  const sorted = [...unique.values()].sort(compareRefs);

  const readable = sorted.map((ref) => {
    const server = sanitizeNamePart(ref.server);
    const tool = sanitizeNamePart(ref.tool);
    return { ref, server, tool, full: server + NAMESPACE_SEPARATOR + tool };
  });
  const uses = new Map<string, number>();
  for (const entry of readable) uses.set(entry.full, (uses.get(entry.full) ?? 0) + 1);

  const names = new Map<string, string>();
  const taken = new Set<string>();
  const hashed: typeof readable = [];
  for (const entry of readable) {
    if (entry.full.length <= MAX_MODEL_TOOL_NAME_LENGTH && uses.get(entry.full) === 1) {
      names.set(refKey(entry.ref), entry.full);
      taken.add(entry.full);
    } else {
      hashed.push(entry);
    }
  }
  // Hashed names go second so that a readable name never moves because of a hashed one.
  for (const entry of hashed) {
    const key = refKey(entry.ref);
    const stem = shortened(entry.server, entry.tool, MAX_MODEL_TOOL_NAME_LENGTH - HASH_SUFFIX_LENGTH);
    let name = `${stem}_${stableHash(key)}`;
    for (let seed = 1; taken.has(name); seed++) name = `${stem}_${stableHash(key, seed)}`;
    names.set(key, name);
    taken.add(name);
  }
  return names;
}
