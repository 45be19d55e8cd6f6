/** A JSON Schema as it travels: an object, or `true`/`false` (JSON Schema 2020-12 §4.3.2). */
export type SchemaObject = Record<string, unknown>;
export type Schema = SchemaObject | boolean;

export function isPlainObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'boolean' || isPlainObject(value);
}

/** Keywords whose value is a map of name → subschema. */
export const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
/** Keywords whose value is one subschema. */
export const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'items',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;
/** Keywords whose value is a list of subschemas. */
export const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

export const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * Follows a same-document reference: `#`, a JSON Pointer fragment (`#/$defs/Item`, RFC 6901 with URI
 * percent-encoding), or a plain-name fragment that some `$anchor` declares. Returns undefined when the
 * reference leads nowhere or to something that is not a schema.
 */
export function resolveLocalRef(root: Schema, ref: string, anchors: ReadonlyMap<string, Schema>): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  const fragment = ref.slice(1);
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return anchors.get(fragment);
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (isPlainObject(node) && Object.hasOwn(node, segment)) {
      node = node[segment];
    } else {
      return undefined;
    }
  }
  return isSchema(node) ? node : undefined;
}

/** JSON with object keys sorted, so two equal values give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function appendDescription(schema: SchemaObject, note: string): void {
  const existing = typeof schema.description === 'string' && schema.description !== '' ? schema.description : '';
  schema.description = existing ? `${existing} ${note}` : note;
}
