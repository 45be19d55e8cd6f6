import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeInputSchema } from './input-schema.ts';

const empty = { type: 'object', properties: {} };

test('a missing or non-object schema becomes an empty object schema', () => {
  for (const raw of [undefined, null, 'string', 42, [], [{ type: 'object' }], true]) {
    assert.deepEqual(normalizeInputSchema(raw), { schema: empty, notes: [] }, JSON.stringify(raw));
  }
});

test('`false` (nothing is valid) becomes an object that takes no properties', () => {
  assert.deepEqual(normalizeInputSchema(false).schema, { type: 'object', properties: {}, additionalProperties: false });
});

test('a well-formed schema passes unchanged, key order included', () => {
  const raw = {
    type: 'object',
    properties: { path: { type: 'string', description: 'Where', minLength: 1 }, depth: { type: 'integer', default: 2 } },
    required: ['path'],
    additionalProperties: false,
  };
  const { schema, notes } = normalizeInputSchema(raw);
  assert.deepEqual(schema, raw);
  assert.equal(JSON.stringify(schema), JSON.stringify(raw));
  assert.deepEqual(notes, []);
});

test('the input is never modified', () => {
  const raw = { anyOf: [{ properties: { a: { type: 'string' } } }], properties: { b: { $ref: 'https://x/y.json' } } };
  const before = JSON.stringify(raw);
  normalizeInputSchema(raw);
  assert.equal(JSON.stringify(raw), before);
});

test('a schema without type or properties gets both', () => {
  assert.deepEqual(normalizeInputSchema({}).schema, empty);
  assert.deepEqual(normalizeInputSchema({ type: 'object' }).schema, empty);
  assert.deepEqual(normalizeInputSchema({ required: [] }).schema, empty);
});

test("type ['object', 'null'] becomes 'object'", () => {
  const { schema } = normalizeInputSchema({ type: ['object', 'null'], properties: { a: { type: ['string', 'null'] } } });
  assert.deepEqual(schema, { type: 'object', properties: { a: { type: ['string', 'null'] } } });
});

test('a root of another type accepts any object and says why', () => {
  const { schema, notes } = normalizeInputSchema({ type: 'string', minLength: 3 });
  assert.deepEqual(schema, empty);
  assert.equal(notes.length, 1);
  assert.match(notes[0], /declared this tool's input as "string"/);
});

test('JSON Schema 2020-12 is kept: $defs, local $ref, prefixItems, unevaluatedProperties, if/then', () => {
  const raw = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: {
      point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
      node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } },
    },
    properties: {
      at: { $ref: '#/$defs/point' },
      tree: { $ref: '#/$defs/node' },
      mode: { enum: ['a', 'b'] },
      extra: { if: { type: 'string' }, then: { minLength: 2 } },
    },
    unevaluatedProperties: false,
  };
  const { schema, notes } = normalizeInputSchema(raw);
  assert.deepEqual(schema, raw);
  assert.deepEqual(notes, []);
});

test('nested $ref chains resolve, including JSON Pointer escapes and draft-07 definitions', () => {
  const raw = {
    type: 'object',
    definitions: { 'a/b': { $ref: '#/definitions/c~0d' }, 'c~d': { type: 'string' }, 'with space': { type: 'number' } },
    properties: { x: { $ref: '#/definitions/a~1b' }, y: { $ref: '#/definitions/with%20space' }, self: { $ref: '#' } },
  };
  assert.deepEqual(normalizeInputSchema(raw).schema, raw);
});

test('an $anchor reference is kept when the anchor exists', () => {
  const raw = { type: 'object', $defs: { item: { $anchor: 'item', type: 'string' } }, properties: { x: { $ref: '#item' } } };
  assert.deepEqual(normalizeInputSchema(raw).schema, raw);
});

test('an external $ref is never fetched: the subschema accepts anything and says so', () => {
  for (const ref of ['https://example.com/schemas/address.json', 'http://x/y#/defs/z', 'address.json', '../common.json#/Item']) {
    const { schema } = normalizeInputSchema({ type: 'object', properties: { addr: { $ref: ref, description: 'Postal address' } } });
    const addr = (schema.properties as Record<string, Record<string, unknown>>).addr;
    assert.equal(addr.$ref, undefined);
    assert.match(String(addr.description), /^Postal address \(Its schema is the external document/);
    assert.ok(String(addr.description).includes(JSON.stringify(ref)));
    assert.deepEqual(Object.keys(addr), ['description']);
  }
});

test('a local $ref to something that does not exist is neutralised with a note', () => {
  const { schema } = normalizeInputSchema({
    type: 'object',
    properties: { a: { $ref: '#/$defs/missing' }, b: { $ref: '#nowhere' }, c: { $ref: '#/properties/a/0' } },
  });
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  for (const key of ['a', 'b', 'c']) {
    assert.equal(properties[key].$ref, undefined, key);
    assert.match(String(properties[key].description), /which this schema does not define/);
  }
});

test('a $ref into a property that was dropped as invalid is neutralised too', () => {
  const { schema } = normalizeInputSchema({
    type: 'object',
    properties: { broken: 'string', alias: { $ref: '#/properties/broken' } },
  });
  assert.deepEqual(Object.keys(schema.properties), ['alias']);
  assert.equal((schema.properties.alias as Record<string, unknown>).$ref, undefined);
});

test('boolean subschemas are kept', () => {
  const raw = { type: 'object', properties: { anything: true, never: false }, additionalProperties: true };
  assert.deepEqual(normalizeInputSchema(raw).schema, raw);
});

test('values that are not schemas are dropped where schemas belong', () => {
  const { schema } = normalizeInputSchema({
    type: 'object',
    properties: { filePath: { type: 'string' }, type: 'object', n: 3, list: { type: 'array', items: 'string' } },
    required: ['filePath', 7, 'filePath'],
    additionalProperties: 'no',
    anyOf: 'x',
  });
  assert.deepEqual(schema, {
    type: 'object',
    properties: { filePath: { type: 'string' }, list: { type: 'array' } },
    required: ['filePath'],
  });
});

test('unknown types are dropped (draft-03 "any"), known ones kept', () => {
  const { schema } = normalizeInputSchema({ type: 'object', properties: { a: { type: 'any' }, b: { type: ['file', 'string'] } } });
  assert.deepEqual(schema.properties, { a: {}, b: { type: 'string' } });
});

test('draft-07 tuples and dependencies become their 2020-12 spelling', () => {
  const { schema } = normalizeInputSchema({
    type: 'object',
    properties: {
      pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
      list: { type: 'array', items: { type: 'string' }, additionalItems: { type: 'number' } },
    },
    dependencies: { a: ['b'], c: { required: ['d'] } },
  });
  assert.deepEqual(schema.properties, {
    pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
    list: { type: 'array', items: { type: 'string' } },
  });
  assert.deepEqual(schema.dependentRequired, { a: ['b'] });
  assert.deepEqual(schema.dependentSchemas, { c: { required: ['d'] } });
});

test('root allOf is merged into one object', () => {
  const { schema, notes } = normalizeInputSchema({
    $defs: { base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
    allOf: [{ $ref: '#/$defs/base' }, { properties: { name: { type: 'string' }, id: { minLength: 3 } }, required: ['name'] }],
  });
  assert.deepEqual(notes, []);
  assert.equal(schema.allOf, undefined);
  assert.deepEqual(schema.properties, { id: { allOf: [{ type: 'string' }, { minLength: 3 }] }, name: { type: 'string' } });
  assert.deepEqual(schema.required, ['id', 'name']);
  assert.ok(schema.$defs);
});

test('root anyOf/oneOf offer the union of properties, require only the common ones, and explain the forms', () => {
  const { schema, notes } = normalizeInputSchema({
    type: 'object',
    properties: { title: { type: 'string' } },
    required: ['title'],
    oneOf: [
      { description: 'Inline', properties: { content: { type: 'string' }, mode: { const: 'a' } }, required: ['content', 'mode'] },
      { properties: { source_url: { type: 'string' }, mode: { const: 'b' } }, required: ['source_url', 'mode'] },
      { properties: { source_file_id: { type: 'string' } }, required: [] },
    ],
  });
  assert.equal(schema.oneOf, undefined);
  assert.deepEqual(Object.keys(schema.properties), ['title', 'content', 'mode', 'source_url', 'source_file_id']);
  assert.deepEqual(schema.properties.mode, { anyOf: [{ const: 'a' }, { const: 'b' }] });
  assert.deepEqual(schema.required, ['title']);
  assert.equal(notes.length, 1);
  assert.equal(
    notes[0],
    '(Arguments must match exactly one of these forms: (1) Inline (with content, mode); (2) with source_url, mode; (3) with any of source_file_id.)',
  );
});

test('a requirement shared by every anyOf branch stays required', () => {
  const { schema, notes } = normalizeInputSchema({
    anyOf: [
      { properties: { q: { type: 'string' }, a: {} }, required: ['q', 'a'] },
      { properties: { q: { type: 'string' }, b: {} }, required: ['q', 'b'] },
    ],
  });
  assert.deepEqual(schema.required, ['q']);
  assert.match(notes[0], /at least one of these forms/);
});

test('a root $ref is unfolded into the root', () => {
  const { schema } = normalizeInputSchema({
    $ref: '#/$defs/Args',
    $defs: { Args: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
  });
  assert.equal(schema.type, 'object');
  assert.deepEqual(schema.properties, { q: { type: 'string' } });
  assert.deepEqual(schema.required, ['q']);
  assert.equal(schema.$ref, undefined);
});

test('root not/enum/const are dropped', () => {
  const { schema } = normalizeInputSchema({ type: 'object', properties: {}, not: { required: ['x'] }, enum: [{}], const: {} });
  assert.deepEqual(schema, empty);
});

test('a root that refers to itself in a branch does not loop', () => {
  const { schema } = normalizeInputSchema({ anyOf: [{ $ref: '#' }, { properties: { a: { type: 'string' } } }] });
  assert.deepEqual(schema.properties, { a: { type: 'string' } });
});

test('absurdly deep schemas are cut off rather than overflowing the stack', () => {
  let deep: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { next: deep } };
  const { schema } = normalizeInputSchema(deep);
  let depth = 0;
  let node: unknown = schema;
  while (node && typeof node === 'object' && 'properties' in node) {
    node = (node as { properties: { next?: unknown } }).properties.next;
    depth++;
  }
  assert.ok(depth < 100, `depth ${depth}`);
});
