import {
  JSON_TYPES,
  SCHEMA_KEYWORDS,
  SCHEMA_LIST_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  appendDescription,
  isPlainObject,
  resolveLocalRef,
} from './json-schema.ts';
import type { Schema, SchemaObject } from './json-schema.ts';

/** Deeper than any real tool schema; past it a subschema becomes `{}` (anything). */
const MAX_DEPTH = 64;

const mapKeywords: ReadonlySet<string> = new Set(SCHEMA_MAP_KEYWORDS);
const singleKeywords: ReadonlySet<string> = new Set(SCHEMA_KEYWORDS);
const listKeywords: ReadonlySet<string> = new Set(SCHEMA_LIST_KEYWORDS);

export interface CleanState {
  /** Schemas in the cleaned tree that hold a same-document `$ref`, to check once the tree is final. */
  localRefHolders: SchemaObject[];
  anchors: Map<string, Schema>;
}

export function externalRefNote(ref: string): string {
  return `(Its schema is the external document ${JSON.stringify(ref)}, which Switchboard does not fetch: any value is accepted.)`;
}

export function danglingRefNote(ref: string): string {
  return `(Its schema refers to ${JSON.stringify(ref)}, which this schema does not define: any value is accepted.)`;
}

function cleanType(value: unknown): string | string[] | undefined {
  if (typeof value === 'string') return JSON_TYPES.has(value) ? value : undefined;
  if (!Array.isArray(value)) return undefined;
  const types = [...new Set(value.filter((type): type is string => typeof type === 'string' && JSON_TYPES.has(type)))];
  if (types.length === 0) return undefined;
  return types.length === 1 ? types[0] : types;
}

function cleanMap(value: unknown, state: CleanState, depth: number): SchemaObject | undefined {
  if (!isPlainObject(value)) return undefined;
  const out: SchemaObject = {};
  for (const name of Object.keys(value)) {
    const cleaned = cleanSubschema(value[name], state, depth + 1);
    if (cleaned !== undefined) out[name] = cleaned;
  }
  return out;
}

/**
 * Makes a server's schema safe to hand to a provider without changing what it means where it is valid
 * JSON Schema 2020-12: keywords that should hold schemas but hold something else are dropped (a schema
 * that is not an object or boolean is rejected by OpenAI's validator, "'object' is not of type 'object',
 * 'boolean'"), draft-07 forms become their 2020-12 spelling (`items: [...]` → `prefixItems`,
 * `dependencies` → `dependentSchemas`/`dependentRequired`), and a `$ref` outside the document is never
 * fetched: the subschema accepts anything and says so in its description. Returns a new tree; the input is
 * not modified. Call `settleLocalRefs` on the final root to neutralise references that lead nowhere.
 */
export function cleanSubschema(value: unknown, state: CleanState, depth = 0): Schema | undefined {
  if (typeof value === 'boolean') return value;
  if (!isPlainObject(value)) return undefined;
  if (depth > MAX_DEPTH) return {};
  const out: SchemaObject = {};
  let externalRef: string | undefined;
  const tupleForm = Array.isArray(value.items);

  for (const key of Object.keys(value)) {
    const sub = value[key];
    if (key === '$ref' || key === '$dynamicRef' || key === '$recursiveRef') {
      if (typeof sub !== 'string') continue;
      if (sub.startsWith('#')) {
        out[key] = sub;
        if (!state.localRefHolders.includes(out)) state.localRefHolders.push(out);
      } else {
        externalRef ??= sub;
      }
    } else if (key === 'type') {
      const type = cleanType(sub);
      if (type !== undefined) out.type = type;
    } else if (key === 'required') {
      // An empty list says nothing, and draft-04 validators still used by some endpoints reject it (minItems 1).
      const names = Array.isArray(sub) ? [...new Set(sub.filter((name) => typeof name === 'string'))] : [];
      if (names.length > 0) out.required = names;
    } else if (key === 'description' || key === 'title' || key === '$anchor' || key === '$dynamicAnchor') {
      if (typeof sub === 'string') out[key] = sub;
    } else if (key === 'enum') {
      if (Array.isArray(sub)) out.enum = sub;
    } else if (key === 'items' && tupleForm) {
      if (Array.isArray(value.prefixItems)) continue;
      out.prefixItems = (sub as unknown[]).map((item) => cleanSubschema(item, state, depth + 1) ?? true);
      const rest = cleanSubschema(value.additionalItems, state, depth + 1);
      if (rest !== undefined) out.items = rest;
    } else if (key === 'additionalItems') {
      // Gone in 2020-12: with a tuple it became `items` above; without one it never applied.
      continue;
    } else if (key === 'dependencies') {
      if (!isPlainObject(sub)) continue;
      for (const [name, dependency] of Object.entries(sub)) {
        if (Array.isArray(dependency)) {
          const required = (out.dependentRequired ??= {}) as SchemaObject;
          required[name] = dependency.filter((item) => typeof item === 'string');
        } else {
          const cleaned = cleanSubschema(dependency, state, depth + 1);
          if (cleaned !== undefined) ((out.dependentSchemas ??= {}) as SchemaObject)[name] = cleaned;
        }
      }
    } else if (mapKeywords.has(key)) {
      const cleaned = cleanMap(sub, state, depth);
      if (cleaned === undefined) continue;
      out[key] = isPlainObject(out[key]) ? { ...(out[key] as SchemaObject), ...cleaned } : cleaned;
    } else if (singleKeywords.has(key)) {
      const cleaned = cleanSubschema(sub, state, depth + 1);
      if (cleaned !== undefined) out[key] = cleaned;
    } else if (listKeywords.has(key)) {
      if (!Array.isArray(sub)) continue;
      if (key === 'prefixItems') {
        out.prefixItems = sub.map((item) => cleanSubschema(item, state, depth + 1) ?? true);
      } else {
        const branches = sub.map((item) => cleanSubschema(item, state, depth + 1)).filter((item) => item !== undefined);
        if (branches.length > 0) out[key] = branches;
      }
    } else {
      out[key] = sub;
    }
  }

  for (const key of ['$anchor', '$dynamicAnchor'] as const) {
    if (typeof out[key] === 'string') state.anchors.set(out[key], out);
  }
  if (externalRef !== undefined) appendDescription(out, externalRefNote(externalRef));
  return out;
}

/**
 * A same-document `$ref` whose target is missing (or was dropped as invalid) would make a provider reject
 * the whole request, so it is removed and the subschema accepts anything, with a note saying so.
 */
export function settleLocalRefs(root: Schema, state: CleanState): void {
  for (const holder of state.localRefHolders) {
    for (const key of ['$ref', '$dynamicRef', '$recursiveRef'] as const) {
      const ref = holder[key];
      if (typeof ref !== 'string') continue;
      if (resolveLocalRef(root, ref, state.anchors) !== undefined) continue;
      delete holder[key];
      appendDescription(holder, danglingRefNote(ref));
    }
  }
}

export function newCleanState(): CleanState {
  return { localRefHolders: [], anchors: new Map() };
}
