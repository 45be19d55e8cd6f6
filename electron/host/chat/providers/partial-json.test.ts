import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePartialJson } from './partial-json.ts';

test('a cut-off object reads with its open string, array and object closed', () => {
  assert.deepEqual(parsePartialJson(''), undefined);
  assert.deepEqual(parsePartialJson('{'), {});
  assert.deepEqual(parsePartialJson('{"te'), {});
  assert.deepEqual(parsePartialJson('{"text"'), {});
  assert.deepEqual(parsePartialJson('{"text":'), {});
  assert.deepEqual(parsePartialJson('{"text": "Hel'), { text: 'Hel' });
  assert.deepEqual(parsePartialJson('{"text":"Hello","tags":["a","b'), { text: 'Hello', tags: ['a', 'b'] });
  assert.deepEqual(parsePartialJson('{"a":{"b":[1,{"c":"d'), { a: { b: [1, { c: 'd' }] } });
  assert.deepEqual(parsePartialJson('{"a":[1,2],'), { a: [1, 2] });
  assert.deepEqual(parsePartialJson('{"a":[1,2'), { a: [1, 2] });
});

test('numbers and literals count once they are one; escapes once whole', () => {
  assert.deepEqual(parsePartialJson('{"n":-'), {});
  assert.deepEqual(parsePartialJson('{"n":12'), { n: 12 });
  assert.deepEqual(parsePartialJson('{"n":1.'), { n: 1 });
  assert.deepEqual(parsePartialJson('{"n":1.5e'), { n: 1.5 });
  assert.deepEqual(parsePartialJson('{"ok":tr'), {});
  assert.deepEqual(parsePartialJson('{"ok":true,"none":nu'), { ok: true });
  assert.deepEqual(parsePartialJson('{"ok":false,"none":null}'), { ok: false, none: null });
  assert.deepEqual(parsePartialJson('{"s":"a\\'), { s: 'a' });
  assert.deepEqual(parsePartialJson('{"s":"a\\u00'), { s: 'a' });
  assert.deepEqual(parsePartialJson('{"s":"a\\u00e9\\n\\"q'), { s: 'aé\n"q' });
});

test('whole JSON reads as JSON.parse does; what is not an object, or not JSON, is undefined', () => {
  const whole = '{"text":"Hi \\ud83d\\ude00","list":[1,-2.5e3,true,null,{}],"nested":{"deep":[[]]}}';
  assert.deepEqual(parsePartialJson(whole), JSON.parse(whole));
  assert.deepEqual(parsePartialJson(' \n{ "a" : 1 , "b" : [ ] } '), { a: 1, b: [] });
  assert.equal(parsePartialJson('["a"'), undefined);
  assert.equal(parsePartialJson('"text'), undefined);
  assert.equal(parsePartialJson('{"a" 1'), undefined);
  assert.equal(parsePartialJson('{a:1}'), undefined);
  assert.equal(parsePartialJson('{"a":1.,'), undefined);
  assert.equal(parsePartialJson('{"a":"\\x"}'), undefined);
  assert.equal(parsePartialJson('{"a":yes}'), undefined);
});

test('every prefix of a real input reads, growing toward the whole', () => {
  const input = { text: 'Streams "in" pieces', count: 3, items: [{ id: 'x1', on: true }], note: null };
  const json = JSON.stringify(input);
  let keys = 0;
  for (let end = 1; end <= json.length; end++) {
    const read = parsePartialJson(json.slice(0, end));
    assert.ok(read, `prefix ${end} reads`);
    assert.ok(Object.keys(read).length >= keys, 'keys never go away');
    keys = Object.keys(read).length;
    if (typeof read.text === 'string') assert.ok(input.text.startsWith(read.text));
  }
  assert.deepEqual(parsePartialJson(json), input);
});
