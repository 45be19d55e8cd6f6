import { assert, test } from '../../test-support/node-test.mjs';
import { snippetParts } from './search-snippet.ts';

test('marked words become matches and everything else stays plain text', () => {
  assert.deepEqual(snippetParts('…the [[harbour]] lights and [[harbour]] <b>x</b>'), [
    { text: '…the ', match: false },
    { text: 'harbour', match: true },
    { text: ' lights and ', match: false },
    { text: 'harbour', match: true },
    { text: ' <b>x</b>', match: false },
  ]);
  assert.deepEqual(snippetParts('[[a]][[b]]'), [
    { text: 'a', match: true },
    { text: 'b', match: true },
  ]);
  assert.deepEqual(snippetParts('unclosed [[marker'), [{ text: 'unclosed [[marker', match: false }]);
  assert.deepEqual(snippetParts(''), []);
});
