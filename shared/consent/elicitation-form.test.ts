import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeSecretRequest, parseRequestedSchema, secretRequestReasons, validateElicitationValues } from './elicitation-form.ts';
import type { Field } from './elicitation-form.ts';

function fieldsOf(schema: unknown): Field[] {
  const parsed = parseRequestedSchema(schema);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.fields;
}

function errorOf(schema: unknown): string {
  const parsed = parseRequestedSchema(schema);
  assert.equal(parsed.ok, false, 'expected the schema to be refused');
  return parsed.ok ? '' : parsed.error;
}

const object = (properties: Record<string, unknown>, required?: string[]) => ({ type: 'object', properties, ...(required ? { required } : {}) });

describe('parseRequestedSchema: the spec examples', () => {
  it('reads a string with every constraint and a title', () => {
    const [field] = fieldsOf(
      object(
        { email: { type: 'string', title: 'Display Name', description: 'Description text', minLength: 3, maxLength: 50, format: 'email', default: 'user@example.com' } },
        ['email'],
      ),
    );
    assert.deepEqual(field, {
      kind: 'text',
      name: 'email',
      label: 'Display Name',
      description: 'Description text',
      required: true,
      minLength: 3,
      maxLength: 50,
      format: 'email',
      default: 'user@example.com',
    });
  });

  it('labels a field with its name when there is no title', () => {
    const [field] = fieldsOf(object({ name: { type: 'string' } }));
    assert.equal(field.label, 'name');
    assert.equal(field.required, false);
  });

  it('reads numbers and integers with bounds and a default', () => {
    const [age, count] = fieldsOf(object({ age: { type: 'number', minimum: 0, maximum: 100, default: 50 }, count: { type: 'integer' } }));
    assert.deepEqual(age, { kind: 'number', name: 'age', label: 'age', required: false, integer: false, minimum: 0, maximum: 100, default: 50 });
    assert.equal(count.kind === 'number' && count.integer, true);
  });

  it('reads a boolean with a default', () => {
    const [field] = fieldsOf(object({ ok: { type: 'boolean', title: 'OK?', default: false } }));
    assert.deepEqual(field, { kind: 'boolean', name: 'ok', label: 'OK?', required: false, default: false });
  });

  it('reads the three single-select shapes: enum, titled oneOf, legacy enumNames', () => {
    const [plain, titled, legacy] = fieldsOf(
      object({
        plain: { type: 'string', enum: ['Red', 'Green', 'Blue'], default: 'Red' },
        titled: { type: 'string', oneOf: [{ const: '#FF0000', title: 'Red' }, { const: '#00FF00', title: 'Green' }], default: '#FF0000' },
        legacy: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
      }),
    );
    assert.deepEqual(plain, {
      kind: 'select',
      name: 'plain',
      label: 'plain',
      required: false,
      options: [
        { value: 'Red', label: 'Red' },
        { value: 'Green', label: 'Green' },
        { value: 'Blue', label: 'Blue' },
      ],
      default: 'Red',
    });
    assert.deepEqual(titled.kind === 'select' && titled.options, [
      { value: '#FF0000', label: 'Red' },
      { value: '#00FF00', label: 'Green' },
    ]);
    assert.equal(titled.kind === 'select' && titled.default, '#FF0000');
    assert.deepEqual(legacy.kind === 'select' && legacy.options, [
      { value: 'r', label: 'Red' },
      { value: 'g', label: 'Green' },
    ]);
  });

  it('reads both multi-select shapes with item bounds and defaults', () => {
    const [plain, titled] = fieldsOf(
      object({
        plain: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['Red', 'Green', 'Blue'] }, default: ['Red', 'Green'] },
        titled: { type: 'array', items: { anyOf: [{ const: '#FF0000', title: 'Red' }, { const: '#0000FF', title: 'Blue' }] }, default: ['#0000FF'] },
      }),
    );
    assert.equal(plain.kind, 'multiselect');
    assert.deepEqual(plain.kind === 'multiselect' && [plain.minItems, plain.maxItems, plain.default], [1, 2, ['Red', 'Green']]);
    assert.deepEqual(titled.kind === 'multiselect' && titled.options.map((option) => option.label), ['Red', 'Blue']);
    assert.deepEqual(titled.kind === 'multiselect' && titled.default, ['#0000FF']);
  });

  it('accepts an empty form (a plain confirmation) and common JSON Schema annotations', () => {
    assert.deepEqual(fieldsOf({ type: 'object', properties: {} }), []);
    assert.deepEqual(fieldsOf({ type: 'object' }), []);
    const fields = fieldsOf({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } });
    assert.equal(fields.length, 1);
  });

  it('keeps the order in which the server listed the properties', () => {
    assert.deepEqual(
      fieldsOf(object({ z: { type: 'string' }, a: { type: 'string' }, m: { type: 'boolean' } })).map((field) => field.name),
      ['z', 'a', 'm'],
    );
  });
});

describe('parseRequestedSchema: anything outside the subset is refused with a clear reason', () => {
  const cases: [string, unknown, RegExp][] = [
    ['not an object', 'nope', /must be a JSON object/],
    ['top-level type not object', { type: 'array' }, /"type": "object"/],
    ['nested object', object({ address: { type: 'object', properties: {} } }), /property "address": type "object" is not allowed/],
    ['array of objects', object({ people: { type: 'array', items: { type: 'object' } } }), /property "people": "items.type" must be "string"/],
    ['no type', object({ x: { title: 'x' } }), /property "x": needs a "type"/],
    ['union type', object({ x: { type: ['string', 'null'] } }), /property "x": type \["string","null"\]/],
    ['pattern', object({ x: { type: 'string', pattern: '^a' } }), /property "x": "pattern" is not supported/],
    ['unknown format', object({ x: { type: 'string', format: 'uuid' } }), /format "uuid" is not supported/],
    ['$ref', object({ x: { $ref: '#/defs/x', type: 'string' } }), /"\$ref" is not supported/],
    ['top-level allOf', { type: 'object', properties: {}, allOf: [] }, /uses "allOf"/],
    ['additionalProperties schema', { type: 'object', properties: {}, additionalProperties: { type: 'string' } }, /additionalProperties/],
    ['required names a missing property', object({ a: { type: 'string' } }, ['b']), /"required" names "b"/],
    ['required not a list', { type: 'object', properties: {}, required: 'a' }, /"required" must be a list/],
    ['empty enum', object({ x: { type: 'string', enum: [] } }), /non-empty list of strings/],
    ['non-string enum', object({ x: { type: 'string', enum: [1, 2] } }), /non-empty list of strings/],
    ['duplicate option', object({ x: { type: 'string', enum: ['a', 'a'] } }), /lists "a" twice/],
    ['enum and oneOf', object({ x: { type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] } }), /both "enum" and "oneOf"/],
    ['enumNames length', object({ x: { type: 'string', enum: ['a', 'b'], enumNames: ['A'] } }), /one name for each/],
    ['oneOf without title', object({ x: { type: 'string', oneOf: [{ const: 'a' }] } }), /\{ "const": string, "title": string \}/],
    ['multi-select with both enum and anyOf', object({ x: { type: 'array', items: { type: 'string', enum: ['a'], anyOf: [] } } }), /exactly one of/],
    ['multi-select items of numbers', object({ x: { type: 'array', items: { type: 'number', enum: [1] } } }), /"items.type" must be "string"/],
    ['negative minLength', object({ x: { type: 'string', minLength: -1 } }), /"minLength" must be a whole number/],
    ['minLength over maxLength', object({ x: { type: 'string', minLength: 5, maxLength: 2 } }), /"minLength" is more than "maxLength"/],
    ['minimum over maximum', object({ x: { type: 'number', minimum: 5, maximum: 2 } }), /"minimum" is more than "maximum"/],
    ['exclusiveMinimum', object({ x: { type: 'number', exclusiveMinimum: 0 } }), /"exclusiveMinimum" is not supported/],
    ['minItems more than options', object({ x: { type: 'array', minItems: 3, items: { type: 'string', enum: ['a', 'b'] } } }), /more choices than there are options/],
    ['default of the wrong type', object({ x: { type: 'number', default: 'ten' } }), /default value is not valid: Enter a number/],
    ['default outside the choices', object({ x: { type: 'string', enum: ['a'], default: 'b' } }), /default value is not valid: Choose one of the options/],
    ['default longer than maxLength', object({ x: { type: 'string', maxLength: 2, default: 'abc' } }), /default value is not valid: At most 2 characters/],
    ['non-text title', object({ x: { type: 'string', title: 5 } }), /"title" must be text/],
  ];
  for (const [name, schema, message] of cases) {
    it(name, () => assert.match(errorOf(schema), message));
  }

  it('refuses a form with too many fields', () => {
    const properties = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, { type: 'string' }]));
    assert.match(errorOf(object(properties)), /at most 100 fields/);
  });
});

describe('validateElicitationValues', () => {
  const fields = fieldsOf(
    object(
      {
        name: { type: 'string', maxLength: 20 },
        nick: { type: 'string', minLength: 2 },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        born: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        age: { type: 'integer', minimum: 18, maximum: 130 },
        ratio: { type: 'number' },
        agree: { type: 'boolean' },
        color: { type: 'string', enum: ['red', 'green'] },
        tags: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
        must: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
      },
      ['name', 'must'],
    ),
  );

  function errors(values: Record<string, unknown>): Record<string, string> {
    const result = validateElicitationValues(fields, { name: 'Ada', must: ['x'], ...values });
    assert.equal(result.ok, false, 'expected errors');
    return result.ok ? {} : result.errors;
  }

  function values(input: Record<string, unknown>): Record<string, unknown> {
    const result = validateElicitationValues(fields, { name: 'Ada', must: ['x'], ...input });
    assert.ok(result.ok, result.ok ? '' : JSON.stringify(result.errors));
    return result.values;
  }

  it('accepts a minimal answer and leaves empty optional fields out', () => {
    assert.deepEqual(values({ nick: '', email: '', age: '', color: '' }), { name: 'Ada', must: ['x'] });
  });

  it('reports every required field that is missing, with words for people', () => {
    const result = validateElicitationValues(fields, {});
    assert.deepEqual(result, { ok: false, errors: { name: 'This field is required', must: 'Choose at least 1' } });
  });

  it('checks string lengths in characters, not UTF-16 units', () => {
    assert.deepEqual(errors({ name: 'x'.repeat(21) }), { name: 'At most 20 characters' });
    assert.deepEqual(errors({ nick: 'a' }), { nick: 'At least 2 characters' });
    assert.equal(values({ name: '😀'.repeat(20) }).name, '😀'.repeat(20));
  });

  it('checks formats', () => {
    assert.deepEqual(errors({ email: 'not-an-email' }), { email: 'Enter a valid email address' });
    assert.deepEqual(errors({ email: 'a@b' }), { email: 'Enter a valid email address' });
    assert.equal(values({ email: '  ada@example.com ' }).email, 'ada@example.com');
    assert.deepEqual(errors({ site: 'example.com' }), { site: 'Enter a full address, like https://example.com' });
    assert.equal(values({ site: 'https://example.com/x' }).site, 'https://example.com/x');
    assert.deepEqual(errors({ born: '2026-02-30' }), { born: 'Enter a date as YYYY-MM-DD' });
    assert.deepEqual(errors({ born: '28/07/2026' }), { born: 'Enter a date as YYYY-MM-DD' });
    assert.equal(values({ born: '2024-02-29' }).born, '2024-02-29');
  });

  it('keeps an RFC 3339 date-time and converts a local one without offset', () => {
    assert.equal(values({ at: '2026-07-28T14:30:00Z' }).at, '2026-07-28T14:30:00Z');
    assert.equal(values({ at: '2026-07-28t14:30+02:00' }).at, '2026-07-28T14:30:00+02:00');
    assert.equal(values({ at: '2026-07-28T14:30' }).at, new Date(2026, 6, 28, 14, 30).toISOString());
    assert.deepEqual(errors({ at: '2026-07-28T25:00:00Z' }), { at: 'Enter a date and time, like 2026-07-28T14:30:00Z' });
    assert.deepEqual(errors({ at: 'tomorrow' }), { at: 'Enter a date and time, like 2026-07-28T14:30:00Z' });
  });

  it('coerces numbers from form text and checks bounds', () => {
    assert.equal(values({ age: ' 42 ' }).age, 42);
    assert.equal(values({ age: 42 }).age, 42);
    assert.equal(values({ ratio: '-0.5' }).ratio, -0.5);
    assert.deepEqual(errors({ age: '42.5' }), { age: 'Enter a whole number' });
    assert.deepEqual(errors({ age: '0x20' }), { age: 'Enter a whole number' });
    assert.deepEqual(errors({ ratio: 'abc' }), { ratio: 'Enter a number' });
    assert.deepEqual(errors({ ratio: Number.NaN }), { ratio: 'Enter a number' });
    assert.deepEqual(errors({ age: 17 }), { age: 'At least 18' });
    assert.deepEqual(errors({ age: '131' }), { age: 'At most 130' });
  });

  it('coerces booleans from "true"/"false" and refuses anything else', () => {
    assert.equal(values({ agree: 'true' }).agree, true);
    assert.equal(values({ agree: false }).agree, false);
    assert.deepEqual(errors({ agree: 'yes' }), { agree: 'Choose yes or no' });
  });

  it('accepts only listed choices', () => {
    assert.equal(values({ color: 'red' }).color, 'red');
    assert.deepEqual(errors({ color: 'blue' }), { color: 'Choose one of the options' });
    assert.deepEqual(errors({ tags: ['a', 'z'] }), { tags: 'Choose only from the options' });
  });

  it('bounds multi-select and returns choices once each, in the order of the options', () => {
    assert.deepEqual(values({ tags: ['c', 'a', 'a'] }).tags, ['a', 'c']);
    assert.deepEqual(errors({ tags: ['a', 'b', 'c'] }), { tags: 'Choose at most 2' });
    assert.deepEqual(errors({ must: [] }), { must: 'Choose at least 1' });
    assert.deepEqual(values({ tags: [] }).tags, []);
    assert.deepEqual(values({ must: 'y' }).must, ['y']);
  });

  it('drops values for fields the server did not ask for', () => {
    assert.deepEqual(values({ extra: 'sneaky', __proto__: { polluted: true } }), { name: 'Ada', must: ['x'] });
  });

  it('treats a field named __proto__ as plain data', () => {
    const proto = fieldsOf(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'));
    const result = validateElicitationValues(proto, JSON.parse('{"__proto__":"value"}'));
    assert.ok(result.ok);
    assert.equal(Object.getPrototypeOf(result.values), Object.prototype);
    assert.deepEqual(Object.entries(result.values), [['__proto__', 'value']]);
  });

  it('refuses a non-object answer', () => {
    assert.equal(validateElicitationValues(fields, 'x').ok, false);
    assert.equal(validateElicitationValues(fields, ['x']).ok, false);
  });
});

describe('looksLikeSecretRequest', () => {
  const plain = fieldsOf(object({ name: { type: 'string' }, email: { type: 'string', format: 'email' } }));

  it('is false for ordinary profile questions (the spec allows name and email)', () => {
    assert.equal(looksLikeSecretRequest(plain, 'Please provide your contact information'), false);
    assert.equal(looksLikeSecretRequest(fieldsOf(object({ pinned: { type: 'boolean', title: 'Pin this note?' } })), 'Options'), false);
    assert.equal(looksLikeSecretRequest(fieldsOf(object({ maxTokens: { type: 'integer' } })), 'How long should the summary be?'), false);
  });

  const asks: [string, Record<string, unknown>, string, string][] = [
    ['password field by name', { password: { type: 'string' } }, 'Log in', 'a password'],
    ['API key in camelCase', { apiKey: { type: 'string' } }, 'Connect', 'an API key'],
    ['API key in SCREAMING_SNAKE', { OPENAI_API_KEY: { type: 'string' } }, 'Connect', 'an API key'],
    ['APIKey', { APIKey: { type: 'string' } }, 'Connect', 'an API key'],
    ['token by title', { t: { type: 'string', title: 'GitHub token' } }, 'Connect', 'a token'],
    ['access tokens by description', { t: { type: 'string', description: 'Paste one of your access tokens' } }, 'Connect', 'a token'],
    ['secret in the message', { v: { type: 'string' } }, 'Enter the client secret', 'a secret'],
    ['credit card', { n: { type: 'string', title: 'Credit card number' } }, 'Pay', 'card details'],
    ['CVV', { cvv: { type: 'string' } }, 'Pay', 'card details'],
    ['one-time code', { code: { type: 'string', title: 'Verification code' } }, 'Sign in', 'a one-time code'],
    ['recovery phrase', { words: { type: 'string', title: 'Seed phrase' } }, 'Restore wallet', 'a recovery phrase'],
    ['upper-case PIN', { p: { type: 'string', title: 'PIN' } }, 'Unlock', 'a PIN'],
    ['private key', { key: { type: 'string', title: 'SSH key' } }, 'Deploy', 'a private key'],
  ];
  for (const [name, properties, message, what] of asks) {
    it(`is true for ${name}`, () => {
      const fields = fieldsOf(object(properties));
      assert.equal(looksLikeSecretRequest(fields, message), true);
      assert.ok(secretRequestReasons(fields, message).includes(what), secretRequestReasons(fields, message).join(', '));
    });
  }

  it('names each kind of secret once', () => {
    const fields = fieldsOf(object({ password: { type: 'string', title: 'Password' }, again: { type: 'string', title: 'Repeat password' } }));
    assert.deepEqual(secretRequestReasons(fields, 'Choose a password'), ['a password']);
  });
});
