import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startFakeAnthropic } from '../../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../../tests/fixtures/fake-llm/anthropic.ts';
import { startFakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import type { FakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import { AnthropicProvider } from './anthropic-provider.ts';
import { OpenAIProvider } from './openai-provider.ts';
import { parsePartialJson } from './partial-json.ts';
import type { ChatProvider, PartialToolUse, ProviderTools, ToolUse } from './provider.ts';

const KEY = 'sk-test-streamed-input';
const schema = { type: 'object' as const, properties: { text: { type: 'string' } } };
const tools: ProviderTools = {
  anthropicTools: [{ name: 'apps__show_text', description: 'Shows text', input_schema: schema }],
  openaiTools: [{ type: 'function', function: { name: 'apps__show_text', description: 'Shows text', parameters: schema } }],
  resolve: (name) => (name === 'apps__show_text' ? { server: 'apps', tool: 'show_text' } : undefined),
};
const input = { text: 'Pieces of a longer sentence, streamed', count: 2 };

let anthropic: FakeAnthropic;
let openai: FakeOpenAI;
before(async () => {
  anthropic = await startFakeAnthropic({ apiKey: KEY });
  openai = await startFakeOpenAI({ apiKey: KEY });
});
after(async () => {
  await anthropic?.close();
  await openai?.close();
});

async function stream(provider: ChatProvider): Promise<{ partials: PartialToolUse[]; uses: ToolUse[]; order: string[] }> {
  const partials: PartialToolUse[] = [];
  const uses: ToolUse[] = [];
  const order: string[] = [];
  await provider.streamTurn(
    { model: 'm', system: '', history: [{ id: 'u', conversationId: 'c', role: 'user', status: 'complete', createdAt: 0, blocks: [{ type: 'text', text: 'show it' }] }], tools, toolResultCharLimit: 10_000, signal: new AbortController().signal },
    {
      text: () => {},
      toolInputDelta: (partial) => {
        partials.push({ ...partial });
        order.push('partial');
      },
      toolUse: (use) => {
        uses.push(use);
        order.push('use');
      },
    },
  );
  return { partials, uses, order };
}

function assertStreamed({ partials, uses, order }: Awaited<ReturnType<typeof stream>>) {
  assert.equal(uses.length, 1);
  assert.deepEqual(uses[0].input, input);
  assert.ok(partials.length >= 5, `the input came in ${partials.length} pieces`);
  assert.ok(partials.every((partial) => partial.id === uses[0].id && partial.name === 'apps__show_text'));
  assert.ok(order.lastIndexOf('partial') < order.indexOf('use'), 'every piece comes before the complete use');
  // Each piece holds the text so far; read leniently, the text argument grows toward the whole.
  const texts = partials.map((partial) => parsePartialJson(partial.json)?.text).filter((text): text is string => typeof text === 'string');
  assert.ok(texts.length >= 3);
  assert.ok(texts.every((text) => input.text.startsWith(text)));
  assert.ok(texts[0].length < input.text.length);
  assert.deepEqual(JSON.parse(partials.at(-1)!.json), input);
}

test('Anthropic: content_block_start names the tool, input_json_delta pieces stream its arguments', async () => {
  anthropic.script({ blocks: [{ text: 'Showing.' }, { toolUse: { name: 'apps__show_text', input } }], chunkSize: 5 });
  const result = await stream(new AnthropicProvider({ apiKey: KEY, baseURL: anthropic.baseURL }));
  assert.equal(result.partials[0].json, '', 'the tool is known before any of its input');
  assertStreamed(result);
});

test('OpenAI-compatible: tool_calls deltas name the function, then stream its arguments', async () => {
  openai.script({ blocks: [{ text: 'Showing.' }, { toolUse: { name: 'apps__show_text', input } }], chunkSize: 5 });
  assertStreamed(await stream(new OpenAIProvider({ apiKey: KEY, baseURL: openai.baseURL })));
});

test('OpenAI-compatible without call ids: the pieces and the call share the id made for it', async () => {
  openai.script({ blocks: [{ toolUse: { name: 'apps__show_text', input, id: '' } }], chunkSize: 8 });
  const { partials, uses } = await stream(new OpenAIProvider({ apiKey: KEY, baseURL: openai.baseURL }));
  assert.match(uses[0].id, /^call_0_/);
  assert.ok(partials.length > 1 && partials.every((partial) => partial.id === uses[0].id));
});
