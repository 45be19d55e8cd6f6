import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Conversation, ConversationSummary, SearchHit } from '../../../shared/chat/chat-types.ts';
import type { AppSettings, ModelInfo, ToolGrant } from '../../../shared/chat/settings-types.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { FALLBACK_MODELS } from '../chat/chat-settings.ts';
import type { ConsentRequest } from '../../../shared/consent/consent-types.ts';
import type { ApprovalAsker } from '../chat/approval/tool-approver.ts';
import { scriptedAsker, startChatHost } from '../chat/test-support/chat-host.ts';
import type { Host } from '../host.ts';

const API_KEY = 'sk-ant-handlers-5e4d3c2b1a09';

describe('chat, settings and grants through HostApi', () => {
  let fake: FakeAnthropic;
  let host: Host;
  let close: () => Promise<void>;
  const seen: unknown[] = [];
  const logged: string[] = [];
  const restore: (() => void)[] = [];
  let defaultAsker: ApprovalAsker;

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    ({ host, close } = await startChatHost());
    defaultAsker = host.chat.approver.asker;
    for (const event of ['chat.conversations', 'chat.message', 'chat.delta', 'chat.turn', 'settings.changed', 'grants.changed', 'servers.log'] as const) {
      restore.push(host.on(event, (payload) => seen.push(payload)));
    }
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[method];
      console[method] = (...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
        original(...args);
      };
      restore.push(() => (console[method] = original));
    }
    const onWarning = (warning: Error) => logged.push(warning.message);
    process.on('warning', onWarning);
    restore.push(() => process.off('warning', onWarning));
  });

  after(async () => {
    for (const undo of restore) undo();
    await close?.();
    await fake?.close();
  });

  async function send(conversationId: string, text: string): Promise<void> {
    const idle = new Promise<void>((resolve) => {
      const off = host.on('chat.turn', ({ conversationId: id, state }) => {
        if (id === conversationId && state === 'idle') {
          off();
          resolve();
        }
      });
    });
    const { userMessageId } = (await host.call('chat.send', { conversationId, text })) as { userMessageId: string };
    assert.ok(userMessageId);
    await idle;
  }

  test('the API key goes in and never comes out: not in settings, events, errors or logs', async () => {
    const settings = (await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: 'sk-ant-wrong-key-000000' })) as AppSettings;
    assert.equal(settings.providers.anthropic.hasApiKey, true);
    await host.call('settings.update', { anthropicBaseURL: fake.baseURL });
    const chat = (await host.call('chat.create', {})) as ConversationSummary;
    await send(chat.id, 'hello with the wrong key');
    const failed = (await host.call('chat.get', { id: chat.id })) as Conversation;
    assert.equal(failed.messages[1].error?.kind, 'auth');

    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: API_KEY });
    fake.script({ blocks: [{ text: 'Hello!' }] });
    await send(chat.id, 'hello again');
    const everything = JSON.stringify([await host.call('settings.get', {}), seen, logged, await host.call('chat.get', { id: chat.id })]);
    assert.ok(!everything.includes(API_KEY), 'the key leaked');
    assert.ok(!everything.includes('sk-ant-wrong-key-000000'), 'the wrong key leaked');
    assert.ok(fake.messageRequests.at(-1)!.apiKey.present);
  });

  test('models come from the models API, with a default when it cannot be asked', async () => {
    const models = (await host.call('settings.listModels', { provider: 'anthropic' })) as ModelInfo[];
    assert.deepEqual(
      models.map((model) => model.id),
      ['claude-opus-4-8', 'claude-sonnet-4-6', 'claude-haiku-4-5'],
    );
    assert.equal(models[1].displayName, 'Claude Sonnet 4.6');
    fake.failNext('auth', { on: 'models' });
    const fallback = (await host.call('settings.listModels', { provider: 'anthropic' })) as ModelInfo[];
    assert.deepEqual(fallback, [{ id: FALLBACK_MODELS.anthropic, displayName: FALLBACK_MODELS.anthropic, provider: 'anthropic' }]);
  });

  test('list, rename, search with [[ ]], export as Markdown and JSON, delete', async () => {
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'allow-conversation' }));
    const chat = (await host.call('chat.create', {})) as ConversationSummary;
    fake.script(
      { blocks: [{ text: 'Checking the zeppelin schedule.' }, { toolUse: { name: 'fx__echo', input: { text: 'zeppelin departs at noon' } } }] },
      { blocks: [{ text: 'The zeppelin departs at noon.' }] },
    );
    await send(chat.id, 'When does the zeppelin leave?');

    const list = (await host.call('chat.list', {})) as ConversationSummary[];
    assert.equal(list[0].id, chat.id);
    assert.equal(list[0].title, 'When does the zeppelin leave?');
    assert.equal(list[0].messageCount, 2);

    const hits = (await host.call('chat.search', { query: 'zeppel' })) as SearchHit[];
    assert.ok(hits.length >= 2);
    assert.ok(hits.every((hit) => hit.conversationId === chat.id));
    assert.ok(hits.every((hit) => /\[\[zeppelin\]\]/i.test(hit.snippet)), JSON.stringify(hits));

    await host.call('chat.rename', { id: chat.id, title: 'Zeppelin times' });
    const markdown = (await host.call('chat.export', { id: chat.id, format: 'markdown' })) as { filename: string; mimeType: string; content: string };
    assert.equal(markdown.filename, 'zeppelin-times.md');
    assert.equal(markdown.mimeType, 'text/markdown');
    assert.match(markdown.content, /^# Zeppelin times\n/);
    assert.match(markdown.content, /\n## You · .*\n\nWhen does the zeppelin leave\?\n/);
    assert.match(markdown.content, /\n## Assistant \(claude-sonnet-5-5\) · /);
    assert.match(markdown.content, /\*\*Tool call: fx › echo\*\* \(done, \d+ ms\)\n\n```json\n\{\n {2}"text": "zeppelin departs at noon"\n\}\n```/);
    assert.match(markdown.content, /Result:\n\n```\nzeppelin departs at noon\n```/);
    assert.match(markdown.content, /_Tokens: \d+ in, \d+ out/);

    const json = (await host.call('chat.export', { id: chat.id, format: 'json' })) as { content: string };
    const parsed = JSON.parse(json.content) as { format: string; conversation: Conversation };
    assert.equal(parsed.format, 'switchboard.conversation');
    assert.equal(parsed.conversation.messages.length, 2);

    const grants = (await host.call('grants.list', {})) as ToolGrant[];
    const grant = grants.find((candidate) => candidate.conversationId === chat.id);
    assert.ok(grant);
    assert.equal(grant.tool, 'echo');
    await host.call('chat.delete', { id: chat.id });
    assert.ok(!((await host.call('grants.list', {})) as ToolGrant[]).some((candidate) => candidate.id === grant.id));
    assert.deepEqual(await host.call('chat.search', { query: 'zeppelin' }), []);
    await assert.rejects(host.call('chat.get', { id: chat.id }), { code: 'not_found' });
  });

  test('grants can be listed and revoked', async () => {
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'allow-always' }));
    const chat = (await host.call('chat.create', {})) as ConversationSummary;
    fake.script({ blocks: [{ toolUse: { name: 'fx__add', input: { a: 2, b: 3 } } }] }, { blocks: [{ text: '5' }] });
    await send(chat.id, 'add');
    const [grant] = ((await host.call('grants.list', {})) as ToolGrant[]).filter((candidate) => candidate.tool === 'add');
    assert.equal(grant.scope, 'always');
    assert.match(grant.definitionHash, /^[0-9a-f]{64}$/);
    assert.deepEqual(await host.call('grants.revoke', { id: grant.id }), { revoked: grant.id });
    await assert.rejects(host.call('grants.revoke', { id: grant.id }), { code: 'not_found' });
  });

  test('the person answers through consent.answer, editing the arguments', async () => {
    host.chat.approver.asker = defaultAsker;
    const opened = new Promise<ConsentRequest>((resolve) => {
      const off = host.on('consent.opened', (request) => {
        off();
        resolve(request);
      });
    });
    const chat = (await host.call('chat.create', {})) as ConversationSummary;
    fake.script({ blocks: [{ toolUse: { name: 'fx__echo', input: { text: 'as the model wrote it' } } }] }, { blocks: [{ text: 'ok' }] });
    const turn = send(chat.id, 'echo please');
    const request = await opened;
    assert.equal(request.kind, 'tool-approval');
    assert.equal(request.server, 'fx');
    assert.deepEqual((await host.call('consent.list', {})) as ConsentRequest[], [request]);
    const payload = request.payload as { tool: string; arguments: unknown; annotations?: unknown; description?: string };
    assert.equal(payload.tool, 'echo');
    assert.deepEqual(payload.arguments, { text: 'as the model wrote it' });
    assert.deepEqual(payload.annotations, { readOnlyHint: true });
    assert.equal(request.context?.conversationId, chat.id);
    await host.call('consent.answer', { id: request.id, answer: { decision: 'allow', arguments: { text: 'as the person edited it' } } });
    await turn;
    const answer = ((await host.call('chat.get', { id: chat.id })) as Conversation).messages[1];
    const call = answer.blocks.find((block) => block.type === 'tool_call');
    assert.equal(call?.type === 'tool_call' && call.status, 'done');
    assert.deepEqual(call?.type === 'tool_call' && call.result?.content, [{ type: 'text', text: 'as the person edited it' }]);
    const replayed = JSON.stringify(fake.messageRequests.at(-1)!.body!.messages);
    assert.ok(replayed.includes('as the person edited it'));
  });

  test('sending while a turn runs is refused', async () => {
    const chat = (await host.call('chat.create', {})) as ConversationSummary;
    fake.script({ blocks: [{ text: 'slowly, slowly' }], delayMs: 30 });
    const turn = send(chat.id, 'first');
    await assert.rejects(host.call('chat.send', { conversationId: chat.id, text: 'second' }), { code: 'conflict' });
    await turn;
  });
});
