import { assert, test } from '../../../test-support/node-test.mjs';
import { checkSchema, isValidFor } from './json-schema-check.ts';

const messages = (schema: Record<string, unknown> | boolean, data: unknown) => checkSchema(schema, data).map((error) => `${error.instancePath} ${error.message}`);

test('object keywords: required, properties, additionalProperties', () => {
  const schema = {
    type: 'object',
    properties: { text: { type: 'string', minLength: 2 }, count: { type: 'integer', minimum: 1 } },
    required: ['text'],
    additionalProperties: false,
  };
  assert.deepEqual(messages(schema, { text: 'hi', count: 3 }), []);
  assert.deepEqual(messages(schema, {}), [" must have required property 'text'"]);
  assert.deepEqual(messages(schema, { text: 'h', count: 1.5, extra: 1 }), [
    '/text must NOT have fewer than 2 characters',
    '/count must be integer',
    ' must NOT have additional properties',
  ]);
  assert.deepEqual(messages(schema, { text: undefined }), [" must have required property 'text'"]);
});

test('strings, numbers and enums', () => {
  assert.deepEqual(messages({ type: 'string', pattern: '^a+$', maxLength: 3 }, 'aaaa'), [' must NOT have more than 3 characters']);
  assert.deepEqual(messages({ type: 'string', pattern: '^a+$' }, 'b'), [' must match pattern "^a+$"']);
  assert.deepEqual(messages({ type: 'number', exclusiveMaximum: 10, multipleOf: 0.5 }, 10), [' must be < 10']);
  assert.deepEqual(messages({ type: 'number', multipleOf: 0.1 }, 0.3), []);
  assert.deepEqual(messages({ type: 'number', maximum: 5, exclusiveMaximum: true }, 5), [' must be < 5']);
  assert.deepEqual(messages({ enum: ['a', { b: 1 }] }, { b: 1 }), []);
  assert.deepEqual(messages({ enum: ['a'] }, 'c'), [' must be equal to one of the allowed values']);
  assert.deepEqual(messages({ type: ['string', 'null'] }, null), []);
  assert.deepEqual(messages({ type: 'number' }, 3), []);
});

test('arrays: items, tuples, uniqueness', () => {
  assert.deepEqual(messages({ type: 'array', items: { type: 'string' }, minItems: 1 }, [1]), ['/0 must be string']);
  assert.deepEqual(messages({ type: 'array', items: { type: 'string' }, minItems: 1 }, []), [' must NOT have fewer than 1 items']);
  assert.deepEqual(messages({ prefixItems: [{ type: 'string' }], items: false }, ['a', 2]), ['/1 boolean schema is false']);
  assert.equal(checkSchema({ uniqueItems: true }, [1, 2, 1])[0].keyword, 'uniqueItems');
});

test('combinators, conditionals and local refs', () => {
  const root = {
    $defs: { positive: { type: 'number', exclusiveMinimum: 0 } },
    type: 'object',
    properties: { n: { $ref: '#/$defs/positive' } },
    oneOf: [{ required: ['a'] }, { required: ['b'] }],
    if: { properties: { mode: { const: 'x' } }, required: ['mode'] },
    then: { required: ['x'] },
  };
  assert.deepEqual(messages(root, { n: 1, a: 1 }), []);
  assert.deepEqual(messages(root, { n: -1, a: 1, b: 2 }), ['/n must be > 0', ' must match exactly one schema in oneOf']);
  assert.deepEqual(messages(root, { a: 1, mode: 'x' }), [" must have required property 'x'"]);
  assert.equal(isValidFor({ anyOf: [{ type: 'string' }, { type: 'number' }] }, true), false);
  assert.equal(isValidFor({ not: { type: 'string' } }, 1), true);
  // RJSF rewrites refs to point at its root-schema id.
  assert.equal(isValidFor({ $ref: '__rjsf_rootSchema#/$defs/positive' }, 2, root), true);
  assert.deepEqual(messages({ $ref: '#/nope' }, 1), [" can't resolve reference #/nope"]);
});

test('a self-referencing schema stops instead of overflowing the stack', () => {
  const errors = checkSchema({ $ref: '#' }, 1);
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /too deeply/);
});
