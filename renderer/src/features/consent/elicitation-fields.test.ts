import { assert, test } from '../../test-support/node-test.mjs';
import { parseRequestedSchema, validateElicitationValues } from '../../../../shared/consent/elicitation-form.ts';
import type { Field } from '../../../../shared/consent/elicitation-form.ts';
import { fieldRules, initialValues, inputType, listInWords, toLocalDateTime } from './elicitation-fields.ts';

function fields(properties: Record<string, unknown>, required: string[] = []): Field[] {
  const parsed = parseRequestedSchema({ type: 'object', properties, required });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.fields;
}

const form = fields(
  {
    name: { type: 'string', minLength: 2, maxLength: 20, default: 'Ada' },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ratio: { type: 'number', default: 0.5 },
    subscribe: { type: 'boolean', default: true },
    agree: { type: 'boolean' },
    colour: { type: 'string', enum: ['red', 'green'], enumNames: ['Red', 'Green'] },
    size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }], default: 's' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2, default: ['b'] },
  },
  ['name', 'age'],
);

test('the form starts from the server defaults, in each input’s shape', () => {
  assert.deepEqual(initialValues(form), {
    name: 'Ada',
    email: '',
    age: '',
    ratio: '0.5',
    subscribe: true,
    agree: false,
    colour: '',
    size: 's',
    tags: ['b'],
  });
});

test('untouched defaults pass validation, and a required empty field does not', () => {
  const values = initialValues(form);
  const missing = validateElicitationValues(form, values);
  assert.deepEqual(missing, { ok: false, errors: { age: 'This field is required' } });
  const filled = validateElicitationValues(form, { ...values, age: '36' });
  assert.deepEqual(filled, { ok: true, values: { name: 'Ada', age: 36, ratio: 0.5, subscribe: true, agree: false, size: 's', tags: ['b'] } });
});

test('formats pick the matching input', () => {
  const [email, uri, date, dateTime, plain] = fields({
    a: { type: 'string', format: 'email' },
    b: { type: 'string', format: 'uri' },
    c: { type: 'string', format: 'date' },
    d: { type: 'string', format: 'date-time' },
    e: { type: 'string' },
  });
  assert.deepEqual([email, uri, date, dateTime, plain].map((field) => inputType(field as Extract<Field, { kind: 'text' }>)), [
    'email',
    'url',
    'date',
    'datetime-local',
    'text',
  ]);
});

test('a date-time default becomes local input time that validates back to the same instant', () => {
  const local = toLocalDateTime('2026-07-28T14:30:00Z');
  assert.match(local, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  const [field] = fields({ when: { type: 'string', format: 'date-time', default: '2026-07-28T14:30:00Z' } });
  assert.deepEqual(initialValues([field]), { when: local });
  assert.deepEqual(validateElicitationValues([field], { when: local }), { ok: true, values: { when: '2026-07-28T14:30:00.000Z' } });
});

test('rules in words', () => {
  const byName = Object.fromEntries(form.map((field) => [field.name, fieldRules(field)]));
  assert.equal(byName.name, '2 to 20 characters');
  assert.equal(byName.email, 'An email address');
  assert.equal(byName.age, 'A whole number from 0 to 150');
  assert.equal(byName.ratio, 'A number');
  assert.equal(byName.tags, '1 to 2 choices');
  assert.equal(byName.subscribe, undefined);
  assert.equal(listInWords(['a password', 'an API key', 'a token']), 'a password, an API key and a token');
  assert.equal(listInWords(['a password']), 'a password');
});
