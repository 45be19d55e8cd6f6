import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeInputSchema } from './input-schema.ts';
import { toOpenAISchema } from './schema-openai.ts';

const openai = (raw: unknown) => toOpenAISchema(normalizeInputSchema(raw).schema) as Record<string, unknown>;

test('$schema, $id and $comment are dropped at every level', () => {
  const schema = openai({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:tool',
    $comment: 'x',
    type: 'object',
    properties: { a: { $comment: 'y', $id: 'urn:a', type: 'string' } },
  });
  assert.deepEqual(schema, { type: 'object', properties: { a: { type: 'string' } } });
});

test('an array without items gets `items: {}`, nested ones too', () => {
  const schema = openai({
    type: 'object',
    properties: {
      tags: { type: 'array', description: 'Tags' },
      matrix: { type: 'array', items: { type: 'array' } },
      maybe: { type: ['array', 'null'] },
      typed: { type: 'array', items: { type: 'string' } },
    },
  });
  assert.deepEqual(schema.properties, {
    tags: { type: 'array', description: 'Tags', items: {} },
    matrix: { type: 'array', items: { type: 'array', items: {} } },
    maybe: { type: ['array', 'null'], items: {} },
    typed: { type: 'array', items: { type: 'string' } },
  });
});

test('a closed tuple becomes items anyOf with a length limit and its order in words', () => {
  const schema = openai({
    type: 'object',
    properties: {
      point: { type: 'array', prefixItems: [{ type: 'number', description: 'x' }, { type: 'number', description: 'y' }], items: false },
    },
  });
  assert.deepEqual((schema.properties as Record<string, unknown>).point, {
    type: 'array',
    items: { anyOf: [{ type: 'number', description: 'x' }, { type: 'number', description: 'y' }] },
    maxItems: 2,
    description: '(A list in this order: item 1 is x, item 2 is y.)',
  });
});

test('an open tuple keeps its rest schema among the choices; identical choices appear once', () => {
  const schema = openai({
    type: 'object',
    properties: { row: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }], items: { type: 'number' } } },
  });
  const row = (schema.properties as Record<string, Record<string, unknown>>).row;
  assert.deepEqual(row.items, { anyOf: [{ type: 'string' }, { type: 'number' }] });
  assert.equal(row.maxItems, undefined);
  assert.equal(row.description, '(A list in this order: item 1 is a string, item 2 is a string.)');
});

test('draft-07 tuples reach OpenAI as items too', () => {
  const schema = openai({ type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }], additionalItems: false } } });
  assert.deepEqual((schema.properties as Record<string, Record<string, unknown>>).pair.items, { type: 'string' });
});

test('keywords only strict mode restricts are kept, as are $defs and $ref', () => {
  const raw = {
    type: 'object',
    $defs: { id: { type: 'string', pattern: '^[a-z]+$', format: 'uuid' } },
    properties: {
      id: { $ref: '#/$defs/id' },
      n: { type: 'integer', minimum: 1, maximum: 10, multipleOf: 2 },
      pick: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      meta: { type: 'object', additionalProperties: { type: 'string' }, propertyNames: { pattern: '^x' } },
    },
    required: ['id'],
  };
  assert.deepEqual(openai(raw), raw);
});

test('the Anthropic schema is not changed by producing the OpenAI one', () => {
  const { schema } = normalizeInputSchema({ type: 'object', properties: { t: { type: 'array', prefixItems: [{ type: 'string' }] } } });
  const before = JSON.stringify(schema);
  toOpenAISchema(schema);
  assert.equal(JSON.stringify(schema), before);
});
