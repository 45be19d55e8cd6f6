import { SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS, appendDescription, canonicalJson, isPlainObject } from './json-schema.ts';
import type { Schema, SchemaObject } from './json-schema.ts';

const mapKeywords: ReadonlySet<string> = new Set(SCHEMA_MAP_KEYWORDS);
const singleKeywords: ReadonlySet<string> = new Set(SCHEMA_KEYWORDS);
const listKeywords: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * Meta keywords that OpenAI-compatible endpoints choke on: Gemini's compatibility layer answers
 * `Unknown name "$schema" ... Cannot find field` (public reports against MCP hosts), and `$id` would move
 * the base URI of every `$ref` below it.
 */
const DROPPED = new Set(['$schema', '$id', '$comment']);

function isArrayTyped(schema: SchemaObject): boolean {
  return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
}

function summarize(schema: Schema): string {
  if (schema === true) return 'any value';
  if (schema === false) return 'nothing';
  if (typeof schema.description === 'string' && schema.description !== '') return schema.description;
  if (typeof schema.type === 'string') return `a ${schema.type}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return 'any value';
}

/**
 * OpenAI validates `function.parameters` itself and rejects, for the whole request:
 * - an array schema without `items` ("In context=('properties', 'x'), array schema missing items");
 * - tuple forms (`prefixItems`) it does not know, which also leave `items` missing.
 * A tuple becomes `items: {anyOf: [...]}` with its positions described in words, and a bare array takes
 * `items: {}`. Switchboard does not send `strict: true`, so constraint keywords (`pattern`, `minimum`,
 * `format`, nested `anyOf`, `$defs`/`$ref`…) stay: they are only restricted in strict mode
 * (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas).
 */
export function toOpenAISchema(schema: Schema): Schema {
  if (typeof schema === 'boolean') return schema;
  const out: SchemaObject = {};
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (DROPPED.has(key)) continue;
    if (mapKeywords.has(key) && isPlainObject(value)) {
      const map: SchemaObject = {};
      for (const name of Object.keys(value)) map[name] = toOpenAISchema(value[name] as Schema);
      out[key] = map;
    } else if (singleKeywords.has(key) || key === 'prefixItems' || listKeywords.has(key)) {
      out[key] = Array.isArray(value)
        ? value.map((sub) => toOpenAISchema(sub as Schema))
        : toOpenAISchema(value as Schema);
    } else {
      out[key] = value;
    }
  }

  if (Array.isArray(out.prefixItems)) {
    const tuple = out.prefixItems as Schema[];
    const rest = out.items as Schema | undefined;
    delete out.prefixItems;
    const seen = new Set<string>();
    const choices = [...tuple, ...(rest === undefined || rest === false ? [] : [rest])].filter((choice) => {
      const key = canonicalJson(choice);
      return seen.has(key) ? false : (seen.add(key), true);
    });
    out.items = choices.length === 0 ? {} : choices.length === 1 ? choices[0] : { anyOf: choices };
    if (rest === false && out.maxItems === undefined) out.maxItems = tuple.length;
    if (tuple.length > 0) {
      const positions = tuple.map((item, index) => `item ${index + 1} is ${summarize(item)}`).join(', ');
      appendDescription(out, `(A list in this order: ${positions}.)`);
    }
  }
  if (isArrayTyped(out) && out.items === undefined) out.items = {};
  return out;
}
