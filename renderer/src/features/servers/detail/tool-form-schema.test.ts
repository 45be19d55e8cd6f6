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

test('hidden characters in titles, descriptions and property names reach the form written out; values stay as sent', () => {
  const schema = formSchemaOf({
    type: 'object',
    description: 'Reads\u200B notes',
    properties: {
      'note\u202E': { type: 'string', description: 'Which\u{E0041}', enum: ['a\u200Bb'], default: 'a\u200Bb' },
      plain: { type: 'string', title: 'Plain\u2066' },
    },
  });
  assert.deepEqual(schema, {
    type: 'object',
    description: 'Reads<U+200B> notes',
    properties: {
      'note\u202E': { type: 'string', description: 'Which<U+E0041 TAG "A">', enum: ['a\u200Bb'], default: 'a\u200Bb', title: 'note<U+202E>' },
      plain: { type: 'string', title: 'Plain<U+2066>' },
    },
  });
});
