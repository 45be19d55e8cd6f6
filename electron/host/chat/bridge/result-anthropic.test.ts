import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { toAnthropicToolResult } from './result-anthropic.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
const PDF = Buffer.from('%PDF-1.7\n%fake\n').toString('base64');

function convert(result: CallToolResult, limits = {}) {
  return toAnthropicToolResult('toolu_1', result, limits);
}

test('text stays text; isError becomes is_error', () => {
  assert.deepEqual(convert({ content: [{ type: 'text', text: 'hello' }] }).block, {
    type: 'tool_result',
    tool_use_id: 'toolu_1',
    content: [{ type: 'text', text: 'hello' }],
  });
  const failed = convert({ content: [{ type: 'text', text: 'no such file' }], isError: true }).block;
  assert.equal(failed.is_error, true);
  assert.deepEqual(failed.content, [{ type: 'text', text: 'no such file' }]);
});

test('a viewable image becomes a base64 image block; image/jpg is read as image/jpeg', () => {
  const { block, report } = convert({
    content: [
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'image', data: PNG, mimeType: 'image/jpg' },
    ],
  });
  assert.deepEqual(block.content, [
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: PNG } },
  ]);
  assert.deepEqual(report.images, { total: 2, sent: 2 });
  assert.equal(report.truncated, false);
});

test('an image in a format the model cannot view becomes a note with its type and size', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
  const { block } = convert({ content: [{ type: 'image', data: svg, mimeType: 'image/svg+xml' }] });
  assert.deepEqual(block.content, [
    { type: 'text', text: '[image: image/svg+xml, 41 bytes, shown to the user; not a format you can view]' },
  ]);
});

test('audio becomes a note for the model', () => {
  const wav = Buffer.alloc(1234).toString('base64');
  const { block } = convert({ content: [{ type: 'audio', data: wav, mimeType: 'audio/wav' }] });
  assert.deepEqual(block.content, [{ type: 'text', text: '[audio: audio/wav, 1,234 bytes, played to the user]' }]);
});

test('an embedded text resource becomes text headed by its URI and type', () => {
  const { block } = convert({
    content: [{ type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } }],
  });
  assert.deepEqual(block.content, [{ type: 'text', text: '[resource file:///notes.md (text/markdown)]\n# Notes' }]);
});

test('an image blob resource becomes an image block after a label', () => {
  const { block } = convert({ content: [{ type: 'resource', resource: { uri: 'file:///a.png', mimeType: 'image/png', blob: PNG } }] });
  assert.deepEqual(block.content, [
    { type: 'text', text: '[resource file:///a.png (image/png)]' },
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
  ]);
});

test('a PDF blob resource becomes a document block', () => {
  const { block, report } = convert({
    content: [{ type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: PDF } }],
  });
  assert.deepEqual(block.content, [
    { type: 'text', text: '[resource file:///r.pdf (application/pdf)]' },
    { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF }, title: 'file:///r.pdf' },
  ]);
  assert.deepEqual(report.documents, { total: 1, sent: 1 });
});

test('a textual blob is decoded; other blobs become a note with type and size', () => {
  const json = Buffer.from('{"a":1}').toString('base64');
  const zip = Buffer.alloc(2048, 7).toString('base64');
  const badUtf8 = Buffer.from([0xff, 0xfe, 0xfd]).toString('base64');
  const { block } = convert({
    content: [
      { type: 'resource', resource: { uri: 'mem://a.json', mimeType: 'application/json', blob: json } },
      { type: 'resource', resource: { uri: 'mem://a.zip', mimeType: 'application/zip', blob: zip } },
      { type: 'resource', resource: { uri: 'mem://b.txt', mimeType: 'text/plain', blob: badUtf8 } },
      { type: 'resource', resource: { uri: 'mem://c', blob: zip } },
    ],
  });
  assert.deepEqual(block.content, [
    { type: 'text', text: '[resource mem://a.json (application/json)]\n{"a":1}' },
    { type: 'text', text: '[resource mem://a.zip: application/zip, 2,048 bytes, binary content not shown to you]' },
    { type: 'text', text: '[resource mem://b.txt: text/plain, 3 bytes, binary content not shown to you]' },
    { type: 'text', text: '[resource mem://c: unknown type, 2,048 bytes, binary content not shown to you]' },
  ]);
});

test('a resource link names its URI, name, title, type and size', () => {
  const { block } = convert({
    content: [
      {
        type: 'resource_link',
        uri: 'file:///big.csv',
        name: 'big.csv',
        title: 'Sales data',
        mimeType: 'text/csv',
        size: 1048576,
        description: 'Read it with resources/read.',
      },
      { type: 'resource_link', uri: 'https://x.test/y', name: 'y' },
    ],
  });
  assert.deepEqual(block.content, [
    { type: 'text', text: '[resource link: big.csv "Sales data" at file:///big.csv (text/csv, 1,048,576 bytes)] Read it with resources/read.' },
    { type: 'text', text: '[resource link: y at https://x.test/y]' },
  ]);
});

test('structuredContent is added as JSON unless a text block already carries it', () => {
  const structured = { temperature: 21.5, unit: 'C' };
  const alone = convert({ content: [], structuredContent: structured }).block;
  assert.deepEqual(alone.content, [{ type: 'text', text: '{"temperature":21.5,"unit":"C"}' }]);

  const echoed = convert({
    content: [{ type: 'text', text: '{\n  "unit": "C",\n  "temperature": 21.5\n}' }],
    structuredContent: structured,
  }).block;
  assert.equal((echoed.content as unknown[]).length, 1);

  const summarised = convert({ content: [{ type: 'text', text: 'It is warm.' }], structuredContent: structured }).block;
  assert.deepEqual(summarised.content, [
    { type: 'text', text: 'It is warm.' },
    { type: 'text', text: '{"temperature":21.5,"unit":"C"}' },
  ]);
});

test('content meant for the user alone is withheld from the model', () => {
  const { block } = convert({
    content: [
      { type: 'text', text: 'for the model', annotations: { audience: ['assistant'] } },
      { type: 'text', text: 'secret UI text', annotations: { audience: ['user'] } },
      { type: 'text', text: 'for both', annotations: { audience: ['user', 'assistant'] } },
    ],
  });
  assert.deepEqual(block.content, [
    { type: 'text', text: 'for the model' },
    { type: 'text', text: '[text content meant for the user only; not shown to you]' },
    { type: 'text', text: 'for both' },
  ]);
});

test('an empty result, or one of empty text, still says something (empty text blocks are rejected)', () => {
  assert.deepEqual(convert({ content: [] }).block.content, [{ type: 'text', text: '(The tool returned no content.)' }]);
  assert.deepEqual(convert({ content: [{ type: 'text', text: '' }] }).block.content, [
    { type: 'text', text: '(The tool returned no content.)' },
  ]);
  assert.deepEqual(convert({ isError: true } as CallToolResult).block.content, [{ type: 'text', text: '(The tool returned no content.)' }]);
});

test('an unknown content type is noted rather than dropped silently', () => {
  const { block } = convert({ content: [{ type: 'hologram', data: 'x' } as never] });
  assert.deepEqual(block.content, [{ type: 'text', text: '[content of type "hologram" that Switchboard cannot pass on]' }]);
});

test('text over the cap is cut with a notice saying how much; the report keeps the numbers', () => {
  const { block, report } = convert(
    { content: [{ type: 'text', text: 'a'.repeat(800) }, { type: 'text', text: 'b'.repeat(700) }, { type: 'text', text: 'c'.repeat(10) }] },
    { maxChars: 1000 },
  );
  assert.deepEqual(report, {
    truncated: true,
    originalChars: 1510,
    sentChars: 1000,
    images: { total: 0, sent: 0 },
    documents: { total: 0, sent: 0 },
  });
  assert.deepEqual(block.content, [
    { type: 'text', text: 'a'.repeat(800) },
    { type: 'text', text: 'b'.repeat(200) },
    {
      type: 'text',
      text: '[Switchboard: this result was cut to 1,000 of 1,510 characters; the other 510 were not sent to you. The user can see the whole result.]',
    },
  ]);
});

test('the cap never splits a surrogate pair', () => {
  const { block } = convert({ content: [{ type: 'text', text: `${'a'.repeat(9)}😀😀` }] }, { maxChars: 10 });
  const first = (block.content as { text: string }[])[0].text;
  assert.equal(first, 'a'.repeat(9));
});

test('the default cap is 100,000 characters', () => {
  const { report } = convert({ content: [{ type: 'text', text: 'x'.repeat(100_001) }] });
  assert.equal(report.sentChars, 100_000);
  assert.equal(report.truncated, true);
  assert.equal(convert({ content: [{ type: 'text', text: 'x'.repeat(100_000) }] }).report.truncated, false);
});

test('images are counted apart from text, up to a maximum, with a notice for the rest', () => {
  const images = Array.from({ length: 5 }, () => ({ type: 'image' as const, data: PNG, mimeType: 'image/png' }));
  const { block, report } = convert({ content: [{ type: 'text', text: 'x'.repeat(50) }, ...images] }, { maxChars: 10, maxImages: 2 });
  const content = block.content as { type: string; text?: string }[];
  assert.equal(content.filter((part) => part.type === 'image').length, 2);
  assert.deepEqual(report.images, { total: 5, sent: 2 });
  assert.equal(report.truncated, true);
  assert.equal(content.at(-1)!.text, '[Switchboard: 3 more images not sent to you (at most 2 per result); the user can see them.]');
});

test('an image over the byte limit is replaced by a note', () => {
  const big = Buffer.alloc(5000).toString('base64');
  const { block, report } = convert({ content: [{ type: 'image', data: big, mimeType: 'image/png' }] }, { maxImageBytes: 4000 });
  assert.deepEqual(block.content, [
    {
      type: 'text',
      text: '[Switchboard: an image (image/png) of 5,000 bytes was too large to send to you (limit 4,000); the user can see it.]',
    },
  ]);
  assert.deepEqual(report.images, { total: 1, sent: 0 });
  assert.equal(report.truncated, true);
});

test('PDFs have their own count limit', () => {
  const pdf = { type: 'resource' as const, resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: PDF } };
  const { report, block } = convert({ content: [pdf, pdf, pdf] }, { maxDocuments: 1 });
  assert.deepEqual(report.documents, { total: 3, sent: 1 });
  assert.match((block.content as { text?: string }[]).at(-1)!.text!, /2 more PDF documents not sent/);
});
