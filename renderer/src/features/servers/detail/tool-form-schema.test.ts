import { assert, test } from '../../../test-support/node-test.mjs';
import { formSchemaOf, hasInputs } from './tool-form-schema.ts';

test('drops $schema and $id without touching the tool', () => {
  const input = { type: 'object' as const, $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'x', properties: { a: { type: 'string' } } };
  const schema = formSchemaOf(input);
  assert.deepEqual(schema, { type: 'object', properties: { a: { type: 'string' } } });
  assert.equal(input.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.equal(hasInputs(schema), true);
});

test('an empty or missing schema becomes an object with no inputs', () => {
  assert.deepEqual(formSchemaOf(undefined), { type: 'object', properties: {} });
  assert.equal(hasInputs(formSchemaOf({ type: 'object' })), false);
});
