import { assert, test } from '../../test-support/node-test.mjs';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { hintNames, messagesEditable, priorityLines, promptEdits, promptForm, reviewMessages } from './sampling-review.ts';

const request: CreateMessageRequestParams = {
  messages: [
    { role: 'user', content: { type: 'text', text: 'Summarise the log' } },
    { role: 'assistant', content: [{ type: 'text', text: 'Which part?' }] },
    { role: 'user', content: { type: 'text', text: 'The errors' } },
  ],
  systemPrompt: 'Be brief',
  maxTokens: 200,
  modelPreferences: { hints: [{ name: 'sonnet' }, {}], costPriority: 0.2, intelligencePriority: 0.9 },
};

test('an untouched prompt sends no edits', () => {
  assert.deepEqual(promptEdits(request, promptForm(request)), { ok: true });
});

test('only what changed travels; edited messages go back whole, as text', () => {
  const form = promptForm(request);
  const edited = promptEdits(request, { ...form, messages: [form.messages[0], form.messages[1], 'Only the fatal errors'], maxTokens: ' 300 ' });
  assert.deepEqual(edited, {
    ok: true,
    edits: {
      maxTokens: 300,
      messages: [
        { role: 'user', content: { type: 'text', text: 'Summarise the log' } },
        { role: 'assistant', content: { type: 'text', text: 'Which part?' } },
        { role: 'user', content: { type: 'text', text: 'Only the fatal errors' } },
      ],
    },
  });
  assert.deepEqual(promptEdits(request, { ...form, systemPrompt: '' }), { ok: true, edits: { systemPrompt: '' } });
});

test('a bad token limit is refused with a message', () => {
  const form = promptForm(request);
  for (const maxTokens of ['0', '-5', '2.5', 'lots', '2000000']) {
    const result = promptEdits(request, { ...form, maxTokens });
    assert.equal(result.ok, false, maxTokens);
  }
});

test('a prompt with an image is shown but its messages are not editable', () => {
  const withImage: CreateMessageRequestParams = {
    ...request,
    messages: [...request.messages, { role: 'user', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } }],
  };
  const messages = reviewMessages(withImage);
  assert.equal(messages[3].text, '[image, image/png]');
  assert.equal(messagesEditable(messages), false);
  const form = promptForm(withImage);
  assert.deepEqual(promptEdits(withImage, { ...form, messages: ['changed', ...form.messages.slice(1)] }), { ok: true }, 'message edits are dropped');
});

test('model preferences in words', () => {
  assert.deepEqual(hintNames(request.modelPreferences), ['sonnet']);
  assert.deepEqual(priorityLines(request.modelPreferences), ['cost: low (0.2)', 'intelligence: high (0.9)']);
  assert.deepEqual(priorityLines(undefined), []);
});
