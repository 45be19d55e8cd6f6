import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '@modelcontextprotocol/client';
import type { ConsentRequest } from '../../../../shared/consent/consent-types.ts';
import { ConsentBroker } from '../../consent/consent-broker.ts';
import { consentAsker } from './consent-asker.ts';
import type { ToolApprovalQuestion } from './tool-approver.ts';

const tool: Tool = {
  name: 'write_file',
  title: 'Write a file',
  description: 'Writes text to a file',
  inputSchema: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' } }, required: ['path'] },
  annotations: { destructiveHint: true },
};

const question: ToolApprovalQuestion = {
  conversationId: 'conv-1',
  server: 'files',
  tool,
  modelName: 'files__write_file',
  arguments: { path: 'a.txt', text: 'hi' },
  toolCallId: 'toolu_1',
};

function setup() {
  const opened: ConsentRequest[] = [];
  const broker = new ConsentBroker({
    events: { emit: (event, payload) => void (event === 'consent.opened' && opened.push(payload as ConsentRequest)) },
  });
  return { broker, opened, asker: consentAsker(broker) };
}

async function nextRequest(opened: ConsentRequest[]): Promise<ConsentRequest> {
  while (opened.length === 0) await new Promise((resolve) => setImmediate(resolve));
  return opened.shift()!;
}

test('the request shows server, tool, description, arguments, schema and annotations, in the conversation\'s context', async () => {
  const { broker, opened, asker } = setup();
  const answer = asker.ask(question, new AbortController().signal);
  const request = await nextRequest(opened);
  assert.equal(request.kind, 'tool-approval');
  assert.equal(request.server, 'files');
  assert.deepEqual(request.payload, {
    tool: 'write_file',
    title: 'Write a file',
    description: 'Writes text to a file',
    arguments: { path: 'a.txt', text: 'hi' },
    annotations: { destructiveHint: true },
    inputSchema: tool.inputSchema,
  });
  assert.deepEqual(request.context, { conversationId: 'conv-1', toolCallId: 'toolu_1' });
  broker.answer(request.id, { decision: 'allow', scope: 'always', arguments: { path: 'b.txt' } });
  assert.deepEqual(await answer, { decision: 'allow-always', arguments: { path: 'b.txt' } });
});

test('allow defaults to once; deny carries its message; arguments that are not an object are refused', async () => {
  const { broker, opened, asker } = setup();
  const first = asker.ask(question, new AbortController().signal);
  const request = await nextRequest(opened);
  assert.throws(() => broker.answer(request.id, { decision: 'allow', arguments: ['a'] }), { code: 'invalid_params' });
  broker.answer(request.id, { decision: 'allow' });
  assert.deepEqual(await first, { decision: 'allow-once' });

  const second = asker.ask(question, new AbortController().signal);
  broker.answer((await nextRequest(opened)).id, { decision: 'deny', message: 'wrong file' });
  assert.deepEqual(await second, { decision: 'deny', reason: 'wrong file' });
});

test('stopping the turn closes the open request', async () => {
  const { broker, opened, asker } = setup();
  const controller = new AbortController();
  const pending = asker.ask(question, controller.signal);
  await nextRequest(opened);
  controller.abort();
  assert.deepEqual(await pending, { outcome: 'cancelled' });
  assert.deepEqual(broker.open(), []);
});
