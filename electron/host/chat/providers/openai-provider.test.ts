import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage, ToolCallBlock } from '../../../../shared/chat/chat-types.ts';
import type { ModelInfo } from '../../../../shared/chat/settings-types.ts';
import { startFakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import type { FakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import type { Host } from '../../host.ts';
import { scriptedAsker, startChatHost, textOf } from '../test-support/chat-host.ts';

const API_KEY = 'sk-openai-test-1234567890';

describe('the OpenAI-compatible provider (fake Chat Completions API, real MCP server)', () => {
  let fake: FakeOpenAI;
  let host: Host;
  let close: () => Promise<void>;

  before(async () => {
    fake = await startFakeOpenAI({ apiKey: API_KEY });
    ({ host, close } = await startChatHost());
    await host.call('settings.setApiKey', { provider: 'openai', apiKey: API_KEY });
    await host.call('settings.update', { openaiBaseURL: fake.baseURL, defaultProvider: 'openai', defaultModel: 'gpt-5-mini' });
  });

  after(async () => {
    await close?.();
    await fake?.close();
  });

  async function turn(text: string): Promise<ChatMessage> {
    const chat = host.chat.service.create();
    return host.chat.service.send({ conversationId: chat.id, text }).done;
  }

  test('a tool turn: function tools sent, the call approved and run, the tool message answered, usage kept', async () => {
    const asker = scriptedAsker(() => ({ decision: 'allow-once' }));
    host.chat.approver.asker = asker;
    fake.script(
      { blocks: [{ text: 'Adding.' }, { toolUse: { name: 'fx__add', input: { a: 20, b: 22 } } }] },
      { blocks: [{ text: 'It is 42.' }] },
    );
    const answer = await turn('What is 20 + 22?');
    assert.equal(answer.status, 'complete', JSON.stringify(answer.error));
    assert.equal(answer.provider, 'openai');
    assert.equal(answer.model, 'gpt-5-mini');
    assert.equal(textOf(answer), 'Adding.It is 42.');
    const call = answer.blocks.find((block): block is ToolCallBlock => block.type === 'tool_call')!;
    assert.equal(call.status, 'done');
    assert.deepEqual(call.arguments, { a: 20, b: 22 });
    assert.deepEqual(call.result?.structuredContent, { sum: 42 });
    assert.equal(asker.questions[0].tool.name, 'add');
    assert.ok(answer.usage && answer.usage.inputTokens > 0 && answer.usage.outputTokens > 0);

    const [first, second] = fake.completionRequests;
    const tools = first.body!.tools as { type: string; function: { name: string } }[];
    assert.ok(tools.every((tool) => tool.type === 'function'));
    assert.ok(tools.some((tool) => tool.function.name === 'fx__add'));
    assert.equal(first.body!.stream, true);
    const messages = second.body!.messages as { role: string; content?: unknown; tool_call_id?: string; tool_calls?: { id: string }[] }[];
    assert.equal(messages[0].role, 'system');
    const assistant = messages.find((message) => message.role === 'assistant')!;
    const tool = messages.find((message) => message.role === 'tool')!;
    assert.equal(tool.tool_call_id, assistant.tool_calls![0].id);
    assert.equal(tool.tool_call_id, call.id);
    assert.match(String(tool.content), /^42\b/);
  });

  test('errors map the same way: 401 auth, 429 with retry-after, 503 overloaded, a broken stream', async () => {
    fake.failNext('auth');
    const denied = await turn('hi');
    assert.equal(denied.status, 'error');
    assert.equal(denied.error?.kind, 'auth');
    assert.ok(!denied.error!.message.includes(API_KEY));
    fake.failNext('rate_limit', { retryAfterSeconds: 3 });
    const limited = await turn('hi');
    assert.deepEqual([limited.error?.kind, limited.error?.retryAfterSeconds], ['rate_limit', 3]);
    fake.failNext('overloaded');
    assert.deepEqual([(await turn('hi')).error?.kind], ['overloaded']);
    for (const kind of ['drop', 'stream_error'] as const) {
      fake.failNext(kind);
      const broken = await turn('hi');
      assert.equal(broken.status, 'error');
      assert.equal(broken.error?.kind, 'stream', kind);
    }
  });

  test('models are listed from the server', async () => {
    const models = (await host.call('settings.listModels', { provider: 'openai' })) as ModelInfo[];
    assert.deepEqual(
      models.map((model) => model.id),
      ['gpt-4.1', 'gpt-5', 'gpt-5-mini'],
    );
  });
});
