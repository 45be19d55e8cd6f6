import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage } from '../../../shared/chat/chat-types.ts';
import type { ContextBlock } from '../../../shared/context/context-types.ts';
import { toAnthropicMessages } from '../chat/providers/anthropic-provider.ts';
import { toOpenAIMessages } from '../chat/providers/openai-provider.ts';
import { capContent } from './context-blocks.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = Buffer.from('%PDF-1.4 fake').toString('base64');

function message(role: 'user' | 'assistant', blocks: ChatMessage['blocks'], id: string): ChatMessage {
  return { id, conversationId: 'c', role, blocks, status: 'complete', createdAt: 0 };
}

const attached: ContextBlock = {
  type: 'context',
  source: { kind: 'resource', server: 'files', uri: 'file:///report.pdf', name: 'report\u202Etxt.pdf', mimeType: 'application/pdf' },
  content: [
    { type: 'resource', resource: { uri: 'file:///report.pdf', mimeType: 'application/pdf', blob: PDF } },
    { type: 'resource', resource: { uri: 'file:///chart.png', mimeType: 'image/png', blob: PNG } },
    { type: 'resource', resource: { uri: 'file:///data.bin', mimeType: 'application/octet-stream', blob: 'AAEC' } },
  ],
  size: PDF.length + PNG.length + 4,
};
const fromPrompt: ContextBlock = {
  type: 'context',
  source: { kind: 'prompt', server: 'everything', prompt: 'greet' },
  content: [{ type: 'text', text: 'Hello, Ada!' }],
  size: 11,
};

const history = [
  message('user', [fromPrompt], 'p1'),
  message('assistant', [{ ...fromPrompt, content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }], 'p2'),
  message('user', [attached, { type: 'text', text: 'Summarise.' }], 'u1'),
];

test('Anthropic: labelled context, the PDF as a document, the image as an image, other binaries summarised', () => {
  const messages = toAnthropicMessages({ history, toolResultCharLimit: 10_000 });
  assert.deepEqual(messages.map((entry) => entry.role), ['user', 'assistant', 'user']);
  const [prompt, answer, question] = messages.map((entry) => entry.content as { type: string; text?: string; source?: { media_type?: string } }[]);
  assert.equal(prompt[0].text, '<context source="prompt" prompt="greet" server="everything">\nHello, Ada!\n</context>');
  assert.match(answer[0].text ?? '', /\[image: image\/png, \d+ bytes\]/);
  assert.deepEqual(question.map((block) => block.type), ['text', 'document', 'text', 'image', 'text', 'text']);
  // Hidden characters in what a server named are written out for the model.
  assert.match(question[0].text ?? '', /name="report<U\+202E>txt\.pdf"/);
  assert.match(question[4].text ?? '', /application\/octet-stream, 3 bytes, binary content not shown to you/);
  assert.match(question[4].text ?? '', /<\/context>$/);
  assert.equal(question[5].text, 'Summarise.');
});

test('OpenAI: the same context as content parts (file, image_url)', () => {
  const messages = toOpenAIMessages({ history, toolResultCharLimit: 10_000, system: '' });
  const last = messages.at(-1) as { role: string; content: { type: string }[] };
  assert.equal(last.role, 'user');
  assert.deepEqual(last.content.map((part) => part.type), ['text', 'file', 'text', 'image_url', 'text', 'text']);
  assert.equal((messages[1] as { role: string }).role, 'assistant');
});

test('the cap cuts text and leaves out a binary that does not fit whole, saying so', () => {
  const cut = capContent([{ type: 'text', text: 'a'.repeat(30) }, { type: 'image', data: PNG, mimeType: 'image/png' }], 20);
  assert.deepEqual(cut.capped, { originalChars: 30 + PNG.length, keptChars: 20 });
  assert.equal((cut.content[0] as { text: string }).text, 'a'.repeat(20));
  assert.match((cut.content[1] as { text: string }).text, /image \(image\/png, \d+ bytes\) left out: over the context cap/);
});
