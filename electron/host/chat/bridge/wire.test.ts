import { test } from 'node:test';
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { startFakeAnthropic } from '../../../../tests/fixtures/fake-llm/anthropic.ts';
import { startFakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import { buildToolIndex } from './tool-index.ts';
import { toAnthropicToolResult } from './result-anthropic.ts';
import { toOpenAIToolMessages } from './result-openai.ts';

// Tools as real servers send them, each breaking some provider rule if passed on untouched.
const awkward: { server: string; tools: Tool[] }[] = [
  {
    server: 'files.local v2',
    tools: [
      { name: 'read.file', description: 'Read a file', inputSchema: { type: 'object', properties: { paths: { type: 'array' } } } },
      { name: 'read file', inputSchema: { type: 'object', properties: { row: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } } } },
      { name: 'überprüfen', inputSchema: { type: 'object', anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } } }] } },
    ],
  },
  {
    server: 'S'.repeat(64),
    tools: [
      { name: 'x'.repeat(120), inputSchema: { type: 'object', properties: { addr: { $ref: 'https://schemas.example/address.json' } } } },
      { name: 'notes', inputSchema: { type: 'string' } as unknown as Tool['inputSchema'] },
      { name: 'ref', inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema', properties: { x: { $ref: '#/$defs/gone' } } } },
    ],
  },
];

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
const result: CallToolResult = {
  content: [
    { type: 'text', text: 'file contents' },
    { type: 'image', data: PNG, mimeType: 'image/png' },
    { type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: Buffer.from('%PDF-1.7').toString('base64') } },
  ],
};

test('Anthropic: the converted tools and results pass the API checks, and a tool use routes back', async () => {
  const fake = await startFakeAnthropic();
  try {
    const client = new Anthropic({ apiKey: 'k', baseURL: fake.baseURL, maxRetries: 0 });
    const index = buildToolIndex(awkward);
    const target = index.nameFor('files.local v2', 'read.file')!;
    fake.script({ blocks: [{ toolUse: { name: target, input: { paths: ['/a'] } } }] }, (request) => {
      const last = request.body!.messages.at(-1)!;
      const block = (last.content as ToolResultBlockParam[])[0];
      const kinds = (block.content as { type: string }[]).map((part) => part.type).join(',');
      return { blocks: [{ text: `got ${kinds}` }] };
    });
    const messages: MessageParam[] = [{ role: 'user', content: 'read /a' }];
    const first = await client.messages.stream({ model: 'm', max_tokens: 100, tools: [...index.anthropicTools], messages }).finalMessage();
    const use = first.content.find((block) => block.type === 'tool_use');
    assert.ok(use && use.type === 'tool_use');
    assert.deepEqual(index.route(use.name), { server: 'files.local v2', tool: 'read.file' });

    const { block } = toAnthropicToolResult(use.id, result);
    const second = await client.messages
      .stream({
        model: 'm',
        max_tokens: 100,
        tools: [...index.anthropicTools],
        messages: [...messages, { role: 'assistant', content: first.content }, { role: 'user', content: [block] }],
      })
      .finalMessage();
    assert.equal(second.content[0].type === 'text' && second.content[0].text, 'got text,image,text,document');
    assert.deepEqual(
      fake.messageRequests[0].body!.tools!.map((tool) => (tool as { name: string }).name),
      index.entries.map((entry) => entry.modelName),
    );
  } finally {
    await fake.close();
  }
});

test('OpenAI: the converted tools and results pass the API checks; attachments follow every tool message', async () => {
  const fake = await startFakeOpenAI();
  try {
    const client = new OpenAI({ apiKey: 'k', baseURL: fake.baseURL, maxRetries: 0 });
    const index = buildToolIndex(awkward);
    const a = index.nameFor('files.local v2', 'read file')!;
    const b = index.nameFor('S'.repeat(64), 'x'.repeat(120))!;
    fake.script({ blocks: [{ toolUse: { name: a, input: { row: ['x', 1] } } }, { toolUse: { name: b, input: {} } }] }, (request) => {
      const roles = request.body!.messages.map((message) => message.role).join(',');
      return { blocks: [{ text: roles }] };
    });
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'go' }];
    const first = await client.chat.completions.stream({ model: 'gpt-5', tools: [...index.openaiTools], messages }).finalChatCompletion();
    const calls = first.choices[0].message.tool_calls!;
    assert.deepEqual(
      calls.map((call) => call.type === 'function' && index.route(call.function.name)),
      [
        { server: 'files.local v2', tool: 'read file' },
        { server: 'S'.repeat(64), tool: 'x'.repeat(120) },
      ],
    );

    const toolMessages: ChatCompletionMessageParam[] = [];
    const trailing: ChatCompletionMessageParam[] = [];
    for (const call of calls) {
      for (const message of toOpenAIToolMessages(call.id, result).messages) (message.role === 'tool' ? toolMessages : trailing).push(message);
    }
    const second = await client.chat.completions
      .stream({ model: 'gpt-5', tools: [...index.openaiTools], messages: [...messages, first.choices[0].message, ...toolMessages, ...trailing] })
      .finalChatCompletion();
    assert.equal(second.choices[0].message.content, 'user,assistant,tool,tool,user,user');
  } finally {
    await fake.close();
  }
});

test('the same schemas passed on untouched are refused, so the checks above mean something', async () => {
  const anthropic = await startFakeAnthropic();
  const openai = await startFakeOpenAI();
  try {
    const [readFile, , anyOf] = awkward[0].tools;
    await assert.rejects(
      new Anthropic({ apiKey: 'k', baseURL: anthropic.baseURL, maxRetries: 0 }).messages.create({
        model: 'm',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ name: anyOf.name, input_schema: anyOf.inputSchema }],
      }),
      Anthropic.BadRequestError,
    );
    await assert.rejects(
      new OpenAI({ apiKey: 'k', baseURL: openai.baseURL, maxRetries: 0 }).chat.completions.create({
        model: 'gpt-5',
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: { name: 'files__read', parameters: readFile.inputSchema } }],
      }),
      /array schema missing items/,
    );
  } finally {
    await anthropic.close();
    await openai.close();
  }
});
