import { canonicalJson, isPlainObject, resolveLocalRef } from './json-schema.ts';
import type { Schema, SchemaObject } from './json-schema.ts';
import type { CleanState } from './schema-clean.ts';

/** `$ref` chains and nested alternatives deeper than this are not unfolded at the root. */
const MAX_UNFOLD_DEPTH = 8;

interface Collected {
  properties: Record<string, Schema>;
  required: string[];
  label: string;
}

function deref(schema: SchemaObject, root: SchemaObject, state: CleanState): SchemaObject {
  let current = schema;
  for (let hops = 0; hops < MAX_UNFOLD_DEPTH && typeof current.$ref === 'string'; hops++) {
    const target = resolveLocalRef(root, current.$ref, state.anchors);
    if (!isPlainObject(target) || target === root) break;
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

function mergeProperty(existing: Schema | undefined, incoming: Schema, combinator: 'allOf' | 'anyOf'): Schema {
  if (existing === undefined || canonicalJson(existing) === canonicalJson(incoming)) return existing ?? incoming;
  return { [combinator]: [existing, incoming] };
}

function describe(schema: SchemaObject, required: string[], properties: Record<string, Schema>): string {
  const shape =
    required.length > 0
      ? `with ${required.join(', ')}`
      : Object.keys(properties).length > 0
        ? `with any of ${Object.keys(properties).join(', ')}`
        : 'with no arguments';
  const text = typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : '';
  return text ? `${text} (${shape})` : shape;
}

/** The named arguments a branch of `allOf`/`anyOf`/`oneOf` contributes, unfolding local `$ref`s and nesting. */
function collect(branch: Schema, root: SchemaObject, state: CleanState, depth: number): Collected {
  if (typeof branch === 'boolean' || depth > MAX_UNFOLD_DEPTH) return { properties: {}, required: [], label: 'any arguments' };
  const schema = deref(branch, root, state);
  const properties: Record<string, Schema> = isPlainObject(schema.properties) ? { ...(schema.properties as Record<string, Schema>) } : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  if (Array.isArray(schema.allOf)) {
    for (const sub of schema.allOf as Schema[]) {
      const inner = collect(sub, root, state, depth + 1);
      for (const [name, property] of Object.entries(inner.properties)) properties[name] = mergeProperty(properties[name], property, 'allOf');
      for (const name of inner.required) required.add(name);
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(schema[key])) continue;
    const inners = (schema[key] as Schema[]).map((sub) => collect(sub, root, state, depth + 1));
    for (const inner of inners) {
      for (const [name, property] of Object.entries(inner.properties)) properties[name] = mergeProperty(properties[name], property, 'anyOf');
    }
    for (const name of inners[0]?.required ?? []) {
      if (inners.every((inner) => inner.required.includes(name))) required.add(name);
    }
  }
  return { properties, required: [...required], label: describe(schema, [...required], properties) };
}

/**
 * Makes the root an object schema with named properties, which both providers require: Anthropic rejects
 * `oneOf`/`allOf`/`anyOf` at the top of `input_schema`, and OpenAI rejects parameters that lack
 * `type: "object"` or carry `oneOf`/`anyOf`/`allOf`/`enum`/`not` at the top level (both quoted in public
 * bug reports against MCP servers). `allOf` branches are merged; `anyOf`/`oneOf` branches offer the union of
 * their properties, require what every branch requires, and the alternatives are spelled out for the model in
 * `notes`. A root that declares some other type accepts any object instead, since MCP arguments are always one.
 */
export function toObjectRoot(cleaned: Schema | undefined, state: CleanState, notes: string[]): SchemaObject {
  if (cleaned === undefined || cleaned === true) return { type: 'object', properties: {} };
  if (cleaned === false) return { type: 'object', properties: {}, additionalProperties: false };

  let root = cleaned;
  if (typeof root.$ref === 'string') {
    const unfolded = deref(root, root, state);
    if (unfolded !== root) root = unfolded;
  }

  const type = root.type;
  const declaresObject = type === undefined || type === 'object' || (Array.isArray(type) && type.includes('object'));
  if (!declaresObject) {
    notes.push(
      `(The server declared this tool's input as ${JSON.stringify(type)}; tool arguments are always an object, so any object is accepted.)`,
    );
    return { type: 'object', properties: {} };
  }
  root.type = 'object';

  if (Array.isArray(root.allOf) || Array.isArray(root.anyOf) || Array.isArray(root.oneOf)) {
    const properties: Record<string, Schema> = isPlainObject(root.properties) ? { ...(root.properties as Record<string, Schema>) } : {};
    const required = new Set(Array.isArray(root.required) ? (root.required as string[]) : []);
    const source = root;
    if (Array.isArray(source.allOf)) {
      for (const branch of source.allOf as Schema[]) {
        const inner = collect(branch, source, state, 1);
        for (const [name, property] of Object.entries(inner.properties)) properties[name] = mergeProperty(properties[name], property, 'allOf');
        for (const name of inner.required) required.add(name);
      }
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (!Array.isArray(source[key])) continue;
      const inners = (source[key] as Schema[]).map((branch) => collect(branch, source, state, 1));
      for (const inner of inners) {
        for (const [name, property] of Object.entries(inner.properties)) properties[name] = mergeProperty(properties[name], property, 'anyOf');
      }
      for (const name of inners[0]?.required ?? []) {
        if (inners.every((inner) => inner.required.includes(name))) required.add(name);
      }
      const forms = inners.map((inner, index) => `(${index + 1}) ${inner.label}`).join('; ');
      notes.push(`(Arguments must match ${key === 'oneOf' ? 'exactly one' : 'at least one'} of these forms: ${forms}.)`);
    }
    const { allOf: _allOf, anyOf: _anyOf, oneOf: _oneOf, ...rest } = source;
    root = { ...rest, properties };
    if (required.size > 0) root.required = [...required];
    else delete root.required;
  }

  // Rejected at the top level by OpenAI, meaningless for a list of named arguments anyway.
  for (const key of ['not', 'enum', 'const'] as const) delete root[key];
  if (!isPlainObject(root.properties)) root.properties = {};
  return root;
}

