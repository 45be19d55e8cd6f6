import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toOpenAIToolMessages } from './result-openai.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
const PDF = Buffer.from('%PDF-1.7\n%fake\n').toString('base64');

test('text becomes one tool message', () => {
  const out = toOpenAIToolMessages('call_1', { content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] });
  assert.deepEqual(out.messages, [{ role: 'tool', tool_call_id: 'call_1', content: 'one\n\ntwo' }]);
  assert.equal(out.toolMessage, out.messages[0]);
  assert.deepEqual(out.attachments, []);
});

test('isError becomes an "Error:" prefix', () => {
  const out = toOpenAIToolMessages('call_1', { content: [{ type: 'text', text: 'boom' }], isError: true });
  assert.equal(out.toolMessage.content, 'Error: boom');
});

test('images and PDFs follow in a user message, announced in the tool message', () => {
  const out = toOpenAIToolMessages('call_9', {
    content: [
      { type: 'text', text: 'Here:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'file:///docs/report.pdf', mimeType: 'application/pdf', blob: PDF } },
    ],
  });
  assert.equal(
    out.toolMessage.content,
    'Here:\n\n[attachment 1: image (image/png, 16 bytes), sent in the next user message]\n\n[resource file:///docs/report.pdf (application/pdf)]\n\n[attachment 2: PDF document (15 bytes), sent in the next user message]',
  );
  assert.deepEqual(out.attachments, [
    { type: 'text', text: '[attachment 1 from tool call call_9]' },
    { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
    { type: 'text', text: '[attachment 2 from tool call call_9]' },
    { type: 'file', file: { file_data: `data:application/pdf;base64,${PDF}`, filename: 'report.pdf' } },
  ]);
  assert.deepEqual(out.messages, [out.toolMessage, { role: 'user', content: out.attachments }]);
});

test("attachments: 'none' leaves only notes, and no user message", () => {
  const out = toOpenAIToolMessages('c', { content: [{ type: 'image', data: PNG, mimeType: 'image/webp' }] }, {}, { attachments: 'none' });
  assert.equal(out.toolMessage.content, '[image (image/webp, 16 bytes): shown to the user, not sent to you]');
  assert.equal(out.messages.length, 1);
});

test('audio, links, resources and structured content read as in the Anthropic form', () => {
  const out = toOpenAIToolMessages('c', {
    content: [
      { type: 'audio', data: Buffer.alloc(10).toString('base64'), mimeType: 'audio/mpeg' },
      { type: 'resource_link', uri: 'file:///a', name: 'a' },
      { type: 'resource', resource: { uri: 'file:///b.txt', text: 'bee' } },
    ],
    structuredContent: { ok: true },
  });
  assert.equal(
    out.toolMessage.content,
    '[audio: audio/mpeg, 10 bytes, played to the user]\n\n[resource link: a at file:///a]\n\n[resource file:///b.txt]\nbee\n\n{"ok":true}',
  );
});

test('the character cap applies, with the notice, and is reported', () => {
  const out = toOpenAIToolMessages('c', { content: [{ type: 'text', text: 'z'.repeat(5000) }] }, { maxChars: 1000 });
  assert.equal(out.report.sentChars, 1000);
  assert.equal(out.report.originalChars, 5000);
  assert.ok(String(out.toolMessage.content).startsWith('z'.repeat(1000) + '\n\n[Switchboard: this result was cut to 1,000 of 5,000'));
});

test('an empty result still answers the call', () => {
  assert.equal(toOpenAIToolMessages('c', { content: [] }).toolMessage.content, '(The tool returned no content.)');
});
