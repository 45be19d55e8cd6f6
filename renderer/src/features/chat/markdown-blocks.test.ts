import { assert, test } from '../../test-support/node-test.mjs';
import { markdownSegments, splitMarkdownBlocks } from './markdown-blocks.ts';

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

test('segments group blocks, and a finished segment keeps its text as the answer grows', () => {
  const paragraph = (n: number) => `Paragraph ${n} ${'x'.repeat(40)}`;
  const text = Array.from({ length: 10 }, (_, n) => paragraph(n)).join('\n\n');
  const segments = markdownSegments(text, 100);
  assert.equal(segments.length, 5);
  assert.equal(segments.join('\n\n'), text);
  const grown = markdownSegments(`${text} and more\n\n${paragraph(10)}`, 100);
  assert.deepEqual(grown.slice(0, 4), segments.slice(0, 4));
  assert.deepEqual(markdownSegments('', 100), []);
});
