import { assert, test } from '../../test-support/node-test.mjs';
import { argumentsChanged, formatArguments, parseArguments } from './arguments-json.ts';

test('only a JSON object passes, and the error says what is wrong', () => {
  assert.deepEqual(parseArguments('{ "text": "hi" }'), { ok: true, value: { text: 'hi' } });
  for (const [text, pattern] of [
    ['[1, 2]', /not an array/],
    ['null', /not null/],
    ['"x"', /not a string/],
    ['42', /not a number/],
    ['{ "text": ', /Not valid JSON/],
  ] as const) {
    const result = parseArguments(text);
    assert.equal(result.ok, false, text);
    if (!result.ok) assert.match(result.error, pattern);
  }
});

test('reformatting or reordering keys is not an edit; changing a value is', () => {
  const original = { b: 1, a: { y: [1, 2], x: null } };
  assert.equal(argumentsChanged(original, JSON.parse('{"a":{"x":null,"y":[1,2]},"b":1}')), false);
  assert.equal(argumentsChanged(original, { ...original, b: 2 }), true);
  assert.equal(argumentsChanged(original, { ...original, c: true }), true);
  assert.equal(formatArguments({ a: 1 }), '{\n  "a": 1\n}');
});
