import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeJsonSyntaxError, findJsonSyntaxError } from './json-syntax-error.ts';

test('valid JSON has no error, whatever its shape', () => {
  for (const text of ['{}', ' [1, -2.5e+3, "a\\u00e9\\n", true, false, null] ', '\ufeff{"a": {"b": []}}', '"x"']) {
    assert.equal(findJsonSyntaxError(text), undefined, text);
    assert.doesNotThrow(() => JSON.parse(text.replace(/^\ufeff/, '')));
  }
});

test('the first error is placed by line and column, counted as an editor counts them', () => {
  const cases: [string, number, number, RegExp][] = [
    ['{"a": sk-unquoted}', 1, 7, /a JSON value/],
    ['{\n  "a": 1,\n}', 3, 1, /trailing comma/],
    ['{\r\n  "a": 1\r\n  "b": 2\r\n}', 3, 3, /',' or '}'/],
    ['{"a": "no end', 1, 14, /closing "/],
    ['{"é": "ü", x}', 1, 12, /a key in double quotes/],
    ['[1, 2', 1, 6, /',' or ']'/],
    ['{} {}', 1, 4, /end of the file/],
    ['', 1, 1, /a value before the end/],
    ['{"a": "tab\there"}', 1, 11, /control character/],
    ['{"a": 01}', 1, 8, /',' or '}'/],
  ];
  for (const [text, line, column, expected] of cases) {
    const found = findJsonSyntaxError(text);
    assert.deepEqual([found?.line, found?.column], [line, column], JSON.stringify(text));
    assert.match(found?.expected ?? '', expected, JSON.stringify(text));
    assert.throws(() => JSON.parse(text), SyntaxError, 'JSON.parse agrees it is broken');
  }
});

test('the description never quotes the text', () => {
  const text = '{"mcpServers": {"x": {"env": {"TOKEN": ghp_SECRETVALUE123}}}}';
  const described = describeJsonSyntaxError(text);
  assert.equal(described, 'line 1, column 40: expected a JSON value');
  assert.doesNotMatch(described, /ghp_|SECRET/);
});
