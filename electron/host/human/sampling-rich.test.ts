import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { startFakeOpenAI } from '../../../tests/fixtures/fake-llm/openai.ts';
import type { FakeOpenAI } from '../../../tests/fixtures/fake-llm/openai.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { HUMAN_CAPABILITIES } from './human-service.ts';
import { echoed, startHumanHost } from './test-support/human-host.ts';
import type { HumanHost } from './test-support/human-host.ts';

type Json = Record<string, unknown>;

// 2025-11-25 client/sampling with images, audio and Tools in Sampling: reviewed like text, sent in each provider's
// format with temperature, stop sequences and maxTokens, and the model's tool calls returned as tool_use content.
for (const era of ['legacy', 'modern'] as const) {
  describe(`sampling with media and tools, ${era} era`, { timeout: 120_000 }, () => {
    let h: HumanHost;
    let anthropic: FakeAnthropic;
    let openai: FakeOpenAI;

    before(async () => {
      anthropic = await startFakeAnthropic({ apiKey: 'sk-ant-rich' });
      openai = await startFakeOpenAI({ apiKey: 'sk-openai-rich' });
      h = await startHumanHost({ fx: fixtureStdio(era, ['--rich-sampling']) });
      await h.host.call('settings.setApiKey', { provider: 'anthropic', apiKey: 'sk-ant-rich' });
      await h.host.call('settings.setApiKey', { provider: 'openai', apiKey: 'sk-openai-rich' });
      await h.host.call('settings.update', { anthropicBaseURL: anthropic.baseURL, openaiBaseURL: openai.baseURL, defaultProvider: 'anthropic', defaultModel: 'claude-sonnet-4-6' });
      assert.equal((await h.serverState('fx', (state) => state.status !== 'connecting')).status, 'connected');
    });

    after(async () => {
      await h?.close();
      await anthropic?.close();
      await openai?.close();
    });

    test('the capability declares tools in sampling', () => {
      assert.deepEqual(HUMAN_CAPABILITIES.sampling, { tools: {} });
    });

    test('Anthropic: image and tools reviewed and sent; the model\'s tool call goes back as tool_use with stopReason toolUse', async () => {
      anthropic.script({ blocks: [{ text: 'Let me check.' }, { toolUse: { id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } } }] });
      const call = h.host.servers.callTool('fx', 'sample_rich', {});
      const review = await h.nextRequest('sampling');
      assert.ok(review.payload.stage === 'request');
      assert.deepEqual(review.payload.request.tools?.map((tool) => tool.name), ['get_weather']);
      const first = review.payload.request.messages[0].content as { type: string }[];
      assert.deepEqual(first.map((block) => block.type), ['text', 'image']);
      h.host.consent.answer(review.id, { action: 'approve' });

      const check = await h.nextRequest('sampling');
      assert.ok(check.payload.stage === 'response');
      assert.equal(check.payload.response.stopReason, 'toolUse');
      h.host.consent.answer(check.id, { action: 'approve' });
      const { result } = echoed((await call).result) as { result: Json };
      assert.deepEqual(result.content, [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
      ]);
      assert.equal(result.stopReason, 'toolUse');

      const sent = anthropic.messageRequests.at(-1)!.body as unknown as Json;
      assert.equal(sent.max_tokens, 300);
      assert.equal(sent.temperature, 0.3);
      assert.deepEqual(sent.stop_sequences, ['END']);
      assert.deepEqual(sent.tool_choice, { type: 'auto' });
      assert.deepEqual((sent.tools as Json[]).map((tool) => [tool.name, tool.description]), [['get_weather', 'The weather in a city now']]);
      const content = (sent.messages as { content: Json[] }[])[0].content;
      assert.deepEqual(content[1], { type: 'image', source: { type: 'base64', media_type: 'image/png', data: (first[1] as unknown as { data: string }).data } });
    });

    test('Anthropic: the model\'s earlier tool call and its result are sent as tool_use and tool_result', async () => {
      anthropic.script({ blocks: [{ text: 'It is 18 degrees and sunny.' }] });
      const call = h.host.servers.callTool('fx', 'sample_rich', { followUp: true });
      h.host.consent.answer((await h.nextRequest('sampling')).id, { action: 'approve' });
      h.host.consent.answer((await h.nextRequest('sampling')).id, { action: 'approve' });
      const { result } = echoed((await call).result) as { result: Json };
      assert.deepEqual(result.content, { type: 'text', text: 'It is 18 degrees and sunny.' });
      const messages = (anthropic.messageRequests.at(-1)!.body as unknown as { messages: { role: string; content: Json[] }[] }).messages;
      assert.deepEqual(messages[1], { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] });
      assert.deepEqual(messages[2], { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: '18 degrees, sunny' }] }] });
    });

    test('audio for an Anthropic model is refused before anyone is asked', async () => {
      const before = h.opened.length;
      const call = h.host.servers.callTool('fx', 'sample_rich', { audio: true });
      if (era === 'legacy') {
        const body = echoed((await call).result);
        assert.equal(body.code, -32602);
        assert.match(String(body.message), /audio, which Anthropic models do not take/);
      } else {
        await assert.rejects(call, /audio, which Anthropic models do not take/);
      }
      assert.equal(h.opened.length, before);
    });

    test('OpenAI-compatible: image as image_url, audio as input_audio, tools, tool choice and options', async () => {
      await h.host.call('settings.update', { defaultProvider: 'openai', defaultModel: 'gpt-5.4' });
      try {
        openai.script({ blocks: [{ text: 'Sunny.' }] });
        const call = h.host.servers.callTool('fx', 'sample_rich', { audio: true, followUp: true });
        h.host.consent.answer((await h.nextRequest('sampling')).id, { action: 'approve' });
        h.host.consent.answer((await h.nextRequest('sampling')).id, { action: 'approve' });
        const { result } = echoed((await call).result) as { result: Json };
        assert.deepEqual(result.content, { type: 'text', text: 'Sunny.' });
        const sent = openai.completionRequests.at(-1)!.body as unknown as Json;
        assert.equal(sent.temperature, 0.3);
        assert.deepEqual(sent.stop, ['END']);
        assert.equal(sent.max_completion_tokens, 300);
        assert.equal(sent.tool_choice, 'auto');
        assert.deepEqual((sent.tools as { function: Json }[]).map((tool) => tool.function.name), ['get_weather']);
        const messages = sent.messages as { role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }[];
        const user = messages.find((message) => message.role === 'user')!;
        assert.deepEqual((user.content as Json[]).map((part) => part.type), ['text', 'image_url', 'input_audio']);
        assert.equal(((user.content as Json[])[2].input_audio as Json).format, 'wav');
        const assistant = messages.find((message) => message.role === 'assistant')!;
        assert.deepEqual(assistant.tool_calls, [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
        const tool = messages.find((message) => message.role === 'tool')!;
        assert.deepEqual([tool.tool_call_id, tool.content], ['call_1', '18 degrees, sunny']);
      } finally {
        await h.host.call('settings.update', { defaultProvider: 'anthropic', defaultModel: 'claude-sonnet-4-6' });
      }
    });
  });
}
