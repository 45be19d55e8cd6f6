import { assert, test } from '../../test-support/node-test.mjs';
import { splitMarkdownBlocks } from './markdown-blocks.ts';

test('paragraphs, headings and quotes split at blank lines', () => {
  assert.deepEqual(splitMarkdownBlocks('# Title\n\nFirst para\nstill first\n\n\n> quote'), ['# Title', 'First para\nstill first', '> quote']);
  assert.deepEqual(splitMarkdownBlocks(''), []);
  assert.deepEqual(splitMarkdownBlocks('\n\nlate start'), ['late start']);
});

test('a code fence stays whole, blank lines and all, even while it is still open', () => {
  const fenced = '```ts\nconst a = 1;\n\nconst b = 2;\n```';
  assert.deepEqual(splitMarkdownBlocks(`Before\n\n${fenced}\n\nAfter`), ['Before', fenced, 'After']);
  assert.deepEqual(splitMarkdownBlocks('Before\n\n~~~~\nx\n\n~~~\ny'), ['Before', '~~~~\nx\n\n~~~\ny']);
  assert.deepEqual(splitMarkdownBlocks('````\n```\n\n````\n\nnext'), ['````\n```\n\n````', 'next']);
});

test('loose lists and indented continuations stay with their list', () => {
  const list = '1. one\n\n2. two\n\n   more about two\n\n       code in two';
  assert.deepEqual(splitMarkdownBlocks(`${list}\n\nAfter the list`), [list, 'After the list']);
  assert.deepEqual(splitMarkdownBlocks('- a\n\n- b\n\nText\n\n- c'), ['- a\n\n- b', 'Text', '- c']);
});

test('reference definitions keep the text whole', () => {
  const text = 'See [the docs][d].\n\nMore.\n\n[d]: https://example.com';
  assert.deepEqual(splitMarkdownBlocks(text), [text]);
});
