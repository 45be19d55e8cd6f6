import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage, Conversation, ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { Host } from '../host.ts';
import { FIXTURE_INSTRUCTIONS, record, scriptedAsker, startChatHost, textOf } from './test-support/chat-host.ts';

type Block = Record<string, unknown> & { type: string };
type Msg = { role: string; content: Block[] | string };

const API_KEY = 'sk-ant-test-key-9f8e7d6c5b4a';

function calls(message: ChatMessage): ToolCallBlock[] {
  return message.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');
}

function lastUserBlocks(fake: FakeAnthropic, requestIndex: number): Block[] {
  const messages = fake.messageRequests[requestIndex].body!.messages as unknown as Msg[];
  const last = messages.at(-1)!;
  assert.equal(last.role, 'user');
  return last.content as Block[];
}

describe('chat turns against the Anthropic Messages API (fake) with a real MCP server', () => {
  let fake: FakeAnthropic;
  let host: Host;
  let close: () => Promise<void>;

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    ({ host, close } = await startChatHost());
    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: API_KEY });
    await host.call('settings.update', { anthropicBaseURL: fake.baseURL, defaultModel: 'claude-sonnet-4-6' });
  });

  after(async () => {
    await close?.();
    await fake?.close();
  });

  afterEach(() => {
    assert.equal(fake.pendingTurns, 0, 'every scripted turn should have been used');
  });

  beforeEach(async () => {
    host.chat.approver.policy = () => 'ask';
    await host.call('settings.update', { maxStepsPerTurn: 25 });
  });

  async function turn(text: string, conversationId?: string): Promise<{ conversation: Conversation; answer: ChatMessage }> {
    const id = conversationId ?? host.chat.service.create().id;
    const { done } = host.chat.service.send({ conversationId: id, text });
    const answer = await done;
    return { conversation: host.chat.service.get(id), answer };
  }

  test('streams text as deltas, saves the answer with its usage, and sends tools, instructions and cache breakpoints', async () => {
    fake.script({ blocks: [{ text: 'Hello there! How can I help you today?' }], usage: { cache_read_input_tokens: 12 } });
    const deltas = record(host, 'chat.delta');
    const turns = record(host, 'chat.turn');
    const { conversation, answer } = await turn('Say hello');
    deltas.stop();
    turns.stop();

    assert.equal(answer.status, 'complete');
    assert.equal(textOf(answer), 'Hello there! How can I help you today?');
    assert.ok(deltas.events.length >= 3, `expected several deltas, got ${deltas.events.length}`);
    assert.ok(deltas.events.every((event) => event.messageId === answer.id && event.blockIndex === 0));
    assert.deepEqual(turns.events.map((event) => event.state).at(-1), 'idle');
    assert.ok(turns.events.some((event) => event.state === 'streaming'));
    assert.ok(answer.usage && answer.usage.outputTokens > 0 && answer.usage.cacheReadTokens === 12);

    assert.equal(conversation.title, 'Say hello');
    assert.deepEqual(
      conversation.messages.map((message) => [message.role, message.status]),
      [
        ['user', 'complete'],
        ['assistant', 'complete'],
      ],
    );
    assert.deepEqual(conversation.messages[1].usage, answer.usage);

    const body = fake.messageRequests.at(-1)!.body!;
    assert.equal(body.model, 'claude-sonnet-4-6');
    assert.equal(body.stream, true);
    const tools = body.tools as { name: string; cache_control?: unknown }[];
    const names = tools.map((tool) => tool.name);
    assert.ok(names.includes('fx__echo') && names.includes('fx__add'), names.join(', '));
    assert.deepEqual(names, [...names].sort());
    assert.deepEqual(tools.at(-1)!.cache_control, { type: 'ephemeral' });
    assert.ok(tools.slice(0, -1).every((tool) => tool.cache_control === undefined));
    const system = body.system as { text: string; cache_control?: unknown }[];
    assert.deepEqual(system.at(-1)!.cache_control, { type: 'ephemeral' });
    assert.match(system[0].text, /<server_instructions server="fx">\nUse echo to repeat things back\.\n<\/server_instructions>/);
    assert.ok(system[0].text.includes(FIXTURE_INSTRUCTIONS));
    assert.match(system[0].text, /written by each server, not by the person/);
  });

  test('a tool turn: asked with the tool\'s description and annotations, run on the server, the result sent back', async () => {
    const asker = scriptedAsker(() => ({ decision: 'allow-once' }));
    host.chat.approver.asker = asker;
    fake.script(
      { blocks: [{ text: 'Let me echo that.' }, { toolUse: { name: 'fx__echo', input: { text: 'ping' } } }] },
      { blocks: [{ text: 'The server said ping.' }] },
    );
    const before = fake.messageRequests.length;
    const { answer, conversation } = await turn('Echo ping');

    assert.equal(answer.status, 'complete');
    assert.equal(asker.questions.length, 1);
    const [question] = asker.questions;
    assert.equal(question.server, 'fx');
    assert.equal(question.tool.name, 'echo');
    assert.equal(question.tool.description, 'Returns the text it was given');
    assert.deepEqual(question.tool.annotations, { readOnlyHint: true });
    assert.deepEqual(question.arguments, { text: 'ping' });

    assert.deepEqual(
      answer.blocks.map((block) => block.type),
      ['text', 'tool_call', 'text'],
    );
    const [call] = calls(answer);
    assert.equal(call.status, 'done');
    assert.equal(call.server, 'fx');
    assert.equal(call.tool, 'echo');
    assert.equal(call.modelName, 'fx__echo');
    assert.deepEqual(call.result?.content, [{ type: 'text', text: 'ping' }]);
    assert.deepEqual(calls(conversation.messages[1])[0].result, call.result);

    assert.equal(fake.messageRequests.length, before + 2);
    const results = lastUserBlocks(fake, before + 1);
    assert.equal(results.length, 1);
    assert.equal(results[0].type, 'tool_result');
    assert.equal(results[0].tool_use_id, call.id);
    assert.deepEqual(results[0].content, [{ type: 'text', text: 'ping' }]);
    assert.equal(results[0].is_error, undefined);
    // The conversation so far carries the third cache breakpoint, on its last block.
    assert.deepEqual(results[0].cache_control, { type: 'ephemeral' });
  });

  test('a denied call is not run; the model gets the reason as an error result', async () => {
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'deny', reason: 'not that one' }));
    fake.script({ blocks: [{ toolUse: { name: 'fx__add', input: { a: 1, b: 2 } } }] }, { blocks: [{ text: 'Understood.' }] });
    const before = fake.messageRequests.length;
    const { answer } = await turn('Add 1 and 2');
    const [call] = calls(answer);
    assert.equal(call.status, 'denied');
    assert.equal(call.denialReason, 'not that one');
    assert.equal(call.result, undefined);
    const [result] = lastUserBlocks(fake, before + 1);
    assert.equal(result.is_error, true);
    assert.match(JSON.stringify(result.content), /denied this tool call\. Their reason: not that one/);
    // The server never heard of the call; its log tells the denial apart from calls that failed or timed out.
    assert.ok(host.servers.logs('fx').some((entry) => entry.text === 'tool call "add" was denied: not that one'));
  });

  test('arguments the person edited run on the server, and the model is told of the edit in the result', async () => {
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'allow-once', arguments: { a: 10, b: 2 } }));
    fake.script({ blocks: [{ toolUse: { name: 'fx__add', input: { a: 1, b: 2 } } }] }, { blocks: [{ text: 'Twelve.' }] });
    const before = fake.messageRequests.length;
    const { answer } = await turn('Add 1 and 2');
    const [call] = calls(answer);
    assert.equal(call.status, 'done');
    assert.deepEqual(call.arguments, { a: 10, b: 2 });
    assert.deepEqual(call.modelArguments, { a: 1, b: 2 });
    const [result] = lastUserBlocks(fake, before + 1);
    const text = JSON.stringify(result.content);
    assert.match(text, /the person edited the arguments before approving; the tool was called with \{\\"a\\":10,\\"b\\":2\} instead of \{\\"a\\":1,\\"b\\":2\}/);
    assert.match(text, /"text":"12"/);
  });

  test('parallel tool uses: asked together, run concurrently, results returned in the order asked', async () => {
    const pending: (() => void)[] = [];
    // Holds every answer until both questions are open: proves they are asked together.
    host.chat.approver.asker = scriptedAsker(
      () =>
        new Promise((resolve) => {
          pending.push(() => resolve({ decision: 'allow-once' }));
          if (pending.length === 2) for (const release of pending) release();
        }),
    );
    fake.script(
      {
        blocks: [
          { toolUse: { name: 'fx__slow', input: { ms: 600, steps: 3 } } },
          { toolUse: { name: 'fx__echo', input: { text: 'fast' } } },
        ],
      },
      { blocks: [{ text: 'Both finished.' }] },
    );
    const messages = record(host, 'chat.message');
    const before = fake.messageRequests.length;
    const { answer } = await turn('Run both');
    messages.stop();

    const [slow, echo] = calls(answer);
    assert.equal(slow.tool, 'slow');
    assert.equal(echo.tool, 'echo');
    assert.equal(slow.status, 'done');
    assert.equal(echo.status, 'done');
    // Concurrent: the second call finished while the first was still running.
    const snapshots = messages.events.filter((event) => event.message.id === answer.id).map((event) => calls(event.message));
    assert.ok(
      snapshots.some((snapshot) => snapshot[0]?.status === 'running' && snapshot[1]?.status === 'done'),
      'echo should finish while slow runs',
    );
    const results = lastUserBlocks(fake, before + 1);
    assert.deepEqual(
      results.map((block) => block.tool_use_id),
      [slow.id, echo.id],
    );
    assert.deepEqual(results[1].content, [{ type: 'text', text: 'fast' }]);
  });

  test('the step limit ends a runaway loop with a notice, and the conversation goes on afterwards', async () => {
    await host.call('settings.update', { maxStepsPerTurn: 2 });
    host.chat.approver.policy = () => ({ allow: true });
    const loop = { blocks: [{ toolUse: { name: 'fx__echo', input: { text: 'again' } } }] };
    fake.script(loop, loop);
    const before = fake.messageRequests.length;
    const { answer, conversation } = await turn('Loop forever');
    assert.equal(fake.messageRequests.length, before + 2);
    assert.equal(answer.status, 'complete');
    const [first, second] = calls(answer);
    assert.equal(first.status, 'done');
    assert.equal(second.status, 'cancelled');
    assert.match(second.error ?? '', /limit of 2 model steps/);
    const notice = answer.blocks.at(-1)!;
    assert.equal(notice.type, 'notice');
    assert.match(notice.type === 'notice' ? notice.text : '', /Stopped after 2 steps/);
    await host.call('settings.update', { maxStepsPerTurn: 25 });
    fake.script({ blocks: [{ text: 'Stopping now.' }] });
    const next = await turn('go on', conversation.id);
    assert.equal(next.answer.status, 'complete', JSON.stringify(next.answer.error));
    // The unrun call of the earlier turn was answered in the replayed history.
    const replay = fake.messageRequests[before + 2].body!.messages as unknown as Msg[];
    const answered = replay.flatMap((message) => (Array.isArray(message.content) ? message.content : [])).find((block) => block.tool_use_id === second.id);
    assert.equal(answered?.is_error, true);
  });

  test('stop mid-stream keeps what arrived, marks it stopped, and the next turn is valid', async () => {
    fake.script({ blocks: [{ text: 'This is a long answer that streams slowly, word by word, for a while.' }], delayMs: 40, chunkSize: 3 });
    const conversation = host.chat.service.create();
    const firstDelta = new Promise<void>((resolve) => {
      const off = host.on('chat.delta', () => {
        off();
        resolve();
      });
    });
    const { done } = host.chat.service.send({ conversationId: conversation.id, text: 'Tell me a story' });
    await firstDelta;
    assert.deepEqual(await host.call('chat.stop', { conversationId: conversation.id }), { stopped: true });
    const answer = await done;
    assert.equal(answer.status, 'stopped');
    const partial = textOf(answer);
    assert.ok(partial.length > 0 && partial.length < 60, partial);
    assert.equal(host.chat.service.get(conversation.id).messages[1].status, 'stopped');
    assert.equal(host.chat.service.turnState(conversation.id), 'idle');

    fake.script({ blocks: [{ text: 'Fine.' }] });
    const before = fake.messageRequests.length;
    const next = await turn('ok, stop there', conversation.id);
    assert.equal(next.answer.status, 'complete');
    const replay = fake.messageRequests[before].body!.messages as unknown as Msg[];
    assert.deepEqual(
      replay.map((message) => message.role),
      ['user', 'assistant', 'user'],
    );
  });

  test('stop while a tool runs cancels the call on the server; its tool use is answered on the next turn', async () => {
    host.chat.approver.policy = () => ({ allow: true });
    fake.script({ blocks: [{ toolUse: { name: 'fx__slow', input: { ms: 20_000, steps: 20 } } }] });
    const conversation = host.chat.service.create();
    const running = new Promise<void>((resolve) => {
      const off = host.on('chat.message', ({ message }) => {
        if (calls(message)[0]?.status === 'running') {
          off();
          resolve();
        }
      });
    });
    const { done } = host.chat.service.send({ conversationId: conversation.id, text: 'Wait a long time' });
    await running;
    await host.chat.service.stop(conversation.id);
    const answer = await done;
    assert.equal(answer.status, 'stopped');
    assert.equal(calls(answer)[0].status, 'cancelled');

    fake.script({ blocks: [{ text: 'Cancelled, as you asked.' }] });
    const before = fake.messageRequests.length;
    const next = await turn('never mind', conversation.id);
    assert.equal(next.answer.status, 'complete', JSON.stringify(next.answer.error));
    const blocks = lastUserBlocks(fake, before);
    assert.equal(blocks[0].type, 'tool_result');
    assert.equal(blocks[0].is_error, true);
    assert.equal(blocks.at(-1)!.text, 'never mind');
  });

  test('a send made on hearing the turn go idle is accepted', async () => {
    fake.script({ blocks: [{ text: 'First.' }] }, { blocks: [{ text: 'Second.' }] });
    const conversation = host.chat.service.create();
    let followUp: Promise<ChatMessage> | undefined;
    let refused: unknown;
    const unsubscribe = host.on('chat.turn', (event) => {
      if (event.conversationId !== conversation.id || event.state !== 'idle' || followUp || refused) return;
      try {
        followUp = host.chat.service.send({ conversationId: conversation.id, text: 'And again' }).done;
      } catch (error) {
        refused = error;
      }
    });
    try {
      await turn('Once', conversation.id);
      assert.equal(refused, undefined);
      assert.ok(followUp, 'the idle event should have arrived');
      assert.equal(textOf(await followUp), 'Second.');
    } finally {
      unsubscribe();
    }
  });

  test('a tool switched off for one conversation is not offered there', async () => {
    fake.script({ blocks: [{ text: 'ok' }] });
    const conversation = host.chat.service.create();
    await host.call('chat.setToolEnabled', { conversationId: conversation.id, server: 'fx', tool: 'echo', enabled: false });
    await turn('hi', conversation.id);
    const names = (fake.messageRequests.at(-1)!.body!.tools as { name: string }[]).map((tool) => tool.name);
    assert.ok(!names.includes('fx__echo'));
    assert.ok(names.includes('fx__add'));
  });

  describe('provider errors are mapped, shown plainly, and never lose the person\'s message', () => {
    const cases = [
      { kind: 'auth', expect: { kind: 'auth', status: 401 }, message: /rejected the API key/ },
      { kind: 'rate_limit', expect: { kind: 'rate_limit', status: 429, retryAfterSeconds: 7 }, message: /retry in 7 s/ },
      { kind: 'overloaded', expect: { kind: 'overloaded', status: 529 }, message: /overloaded/ },
      { kind: 'server', expect: { kind: 'server', status: 500 }, message: /internal error/ },
      { kind: 'stream_error', expect: { kind: 'stream' }, message: /broke off/ },
      { kind: 'drop', expect: { kind: 'stream' }, message: /broke off/ },
    ] as const;
    for (const { kind, expect, message } of cases) {
      test(kind, async () => {
        fake.failNext(kind);
        const conversation = host.chat.service.create();
        const { answer } = await turn(`trigger ${kind}`, conversation.id);
        assert.equal(answer.status, 'error');
        assert.deepEqual({ ...answer.error, message: undefined }, { ...expect, message: undefined });
        assert.match(answer.error!.message, message);
        assert.ok(!answer.error!.message.includes(API_KEY));
        const saved = host.chat.service.get(conversation.id);
        assert.equal(saved.messages[0].role, 'user');
        assert.equal(textOf(saved.messages[0]), `trigger ${kind}`);
        assert.equal(saved.messages[1].status, 'error');
        if (kind === 'stream_error' || kind === 'drop') assert.equal(textOf(saved.messages[1]), 'Partial ans');

        // Sending the same text again retries without repeating the message.
        fake.script({ blocks: [{ text: 'Recovered.' }] });
        const retry = await turn(`trigger ${kind}`, conversation.id);
        assert.equal(retry.answer.status, 'complete');
        const userMessages = retry.conversation.messages.filter((m) => m.role === 'user');
        assert.equal(userMessages.length, kind === 'stream_error' || kind === 'drop' ? 2 : 1);
      });
    }

    test('retrying after several failed answers in a row still sends the question once', async () => {
      const conversation = host.chat.service.create();
      fake.failNext('auth');
      assert.equal((await turn('Anyone there?', conversation.id)).answer.status, 'error');
      fake.failNext('rate_limit');
      assert.equal((await turn('Anyone there?', conversation.id)).answer.status, 'error');
      fake.script({ blocks: [{ text: 'Here.' }] });
      const retry = await turn('Anyone there?', conversation.id);
      assert.equal(retry.answer.status, 'complete');
      assert.equal(retry.conversation.messages.filter((m) => m.role === 'user').length, 1);
      const sent = fake.messageRequests.at(-1)!.body!.messages as { role: string; content: { type: string; text?: string }[] }[];
      const questionTexts = sent.flatMap((m) => m.content.filter((block) => block.type === 'text' && block.text === 'Anyone there?'));
      assert.equal(questionTexts.length, 1);
    });

    test('connection refused → network', async () => {
      await host.call('settings.update', { anthropicBaseURL: 'http://127.0.0.1:9' });
      try {
        const { answer } = await turn('anyone there?');
        assert.equal(answer.status, 'error');
        assert.equal(answer.error?.kind, 'network');
        assert.match(answer.error!.message, /Could not reach Anthropic/);
      } finally {
        await host.call('settings.update', { anthropicBaseURL: fake.baseURL });
      }
    });
  });
});
