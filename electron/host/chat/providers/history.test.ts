import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage, ToolCallBlock } from '../../../../shared/chat/chat-types.ts';
import { toAnthropicMessages } from './anthropic-provider.ts';
import { toOpenAIMessages } from './openai-provider.ts';

const conversationId = 'c';

function user(text: string): ChatMessage {
  return { id: `u-${text}`, conversationId, role: 'user', blocks: [{ type: 'text', text }], status: 'complete', createdAt: 0 };
}

function call(id: string, step: number, status: ToolCallBlock['status'], extra: Partial<ToolCallBlock> = {}): ToolCallBlock {
  return { type: 'tool_call', id, server: 'fx', tool: 'echo', modelName: 'fx__echo', arguments: { text: id }, status, step, ...extra };
}

function assistant(blocks: ChatMessage['blocks'], status: ChatMessage['status'] = 'complete'): ChatMessage {
  return { id: `a-${blocks.length}`, conversationId, role: 'assistant', blocks, status, createdAt: 0 };
}

const ok = (text: string) => ({ content: [{ type: 'text' as const, text }] });

test('every tool use gets a result: denied, cancelled and interrupted calls are answered as errors', () => {
  const history = [
    user('go'),
    assistant(
      [
        { type: 'text', text: 'Working.' },
        call('t1', 1, 'done', { result: ok('one') }),
        call('t2', 1, 'denied', { denialReason: 'not that file' }),
        { type: 'notice', level: 'warning', text: 'for the person only' },
        call('t3', 2, 'running'),
      ],
      'stopped',
    ),
    user('next'),
  ];
  const messages = toAnthropicMessages({ history, toolResultCharLimit: 10_000 });
  assert.deepEqual(
    messages.map((m) => m.role),
    ['user', 'assistant', 'user', 'assistant', 'user'],
  );
  const firstResults = messages[2].content as { type: string; tool_use_id: string; is_error?: boolean; content: { text: string }[] }[];
  assert.deepEqual(
    firstResults.map((r) => [r.tool_use_id, r.is_error ?? false]),
    [
      ['t1', false],
      ['t2', true],
    ],
  );
  assert.match(firstResults[1].content[0].text, /denied.*not that file/);
  const last = messages[4].content as { type: string; tool_use_id?: string; is_error?: boolean; text?: string; cache_control?: unknown }[];
  assert.equal(last[0].tool_use_id, 't3');
  assert.equal(last[0].is_error, true);
  assert.deepEqual(last[1], { type: 'text', text: 'next', cache_control: { type: 'ephemeral' } });
  assert.doesNotMatch(JSON.stringify(messages), /for the person only/);
});

test('a failed empty answer is skipped and the two user messages merge into one turn', () => {
  const history = [user('first'), assistant([], 'error'), user('second')];
  const messages = toAnthropicMessages({ history, toolResultCharLimit: 10_000 });
  assert.equal(messages.length, 1);
  assert.deepEqual(
    (messages[0].content as { text: string }[]).map((block) => block.text),
    ['first', 'second'],
  );
});

test('the OpenAI history puts every tool message right after its assistant message', () => {
  const history = [
    user('go'),
    assistant([
      call('t1', 1, 'done', { result: { content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] } }),
      call('t2', 1, 'error', { error: 'server "fx" closed the connection' }),
      { type: 'text', text: 'Both done.' },
    ]),
  ];
  const messages = toOpenAIMessages({ history, toolResultCharLimit: 10_000, system: 'sys' });
  assert.deepEqual(
    messages.map((m) => m.role),
    ['system', 'user', 'assistant', 'tool', 'tool', 'user', 'assistant'],
  );
  const assistantMessage = messages[2] as { tool_calls: { id: string; function: { name: string; arguments: string } }[] };
  assert.deepEqual(
    assistantMessage.tool_calls.map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments)]),
    [
      ['t1', 'fx__echo', { text: 't1' }],
      ['t2', 'fx__echo', { text: 't2' }],
    ],
  );
  assert.match(String((messages[4] as { content: string }).content), /^Error: .*closed the connection/);
});

test('the model is told when the person edited the arguments of a call, in its result', () => {
  const edited = call('t1', 1, 'done', { arguments: { text: 'mine' }, modelArguments: { text: 'yours' }, result: ok('mine') });
  const messages = toAnthropicMessages({ history: [user('go'), assistant([edited]), user('next')], toolResultCharLimit: 10_000 });
  const [result] = messages[2].content as { content: { text: string }[] }[];
  assert.match(result.content[0].text, /person edited the arguments.*\{"text":"mine"\} instead of \{"text":"yours"\}/);
  assert.equal(result.content[1].text, 'mine');
  const plain = toAnthropicMessages({ history: [user('go'), assistant([call('t2', 1, 'done', { result: ok('x') })]), user('next')], toolResultCharLimit: 10_000 });
  assert.doesNotMatch(JSON.stringify(plain), /edited/);
});
