import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ActivityEntry } from '../../../shared/activity/activity-types.ts';
import type { ChatMessage } from '../../../shared/chat/chat-types.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { Host } from '../host.ts';
import { scriptedAsker, startChatHost } from '../chat/test-support/chat-host.ts';

const API_KEY = 'sk-ant-activity-sources-5e6f7a';

/** The model's calls in a chat (the fake Anthropic API asks for them) and an app's call, each on the record with how it was allowed. */
describe('the tool-call record: who called and how the call was allowed', () => {
  let fake: FakeAnthropic;
  let host: Host;
  let close: () => Promise<void>;
  const recorded: ActivityEntry[] = [];

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    ({ host, close } = await startChatHost());
    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: API_KEY });
    await host.call('settings.update', { anthropicBaseURL: fake.baseURL, defaultModel: 'claude-sonnet-4-6' });
    host.on('activity.recorded', (entry) => recorded.push(entry));
  });

  after(async () => {
    await close?.();
    await fake?.close();
  });

  beforeEach(() => {
    host.chat.approver.policy = () => 'ask';
    recorded.length = 0;
  });

  async function turn(text: string, conversationId = host.chat.service.create().id): Promise<ChatMessage> {
    return host.chat.service.send({ conversationId, text }).done;
  }

  function echoTurn(text: string): void {
    fake.script({ blocks: [{ toolUse: { name: 'fx__echo', input: { text } } }] }, { blocks: [{ text: 'Done.' }] });
  }

  test('allowed once in the dialog: source model, approval asked, scope once, in its conversation', async () => {
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'allow-once' }));
    echoTurn('one');
    const answer = await turn('Echo one');
    assert.equal(recorded.length, 1);
    const [entry] = recorded;
    assert.deepEqual(
      { source: entry.source, approval: entry.approval, scope: entry.scope, outcome: entry.outcome, conversationId: entry.conversationId, tool: entry.tool },
      { source: 'model', approval: 'asked', scope: 'once', outcome: 'ok', conversationId: answer.conversationId, tool: 'echo' },
    );
  });

  test('allowed for the conversation, then the next call runs on that grant', async () => {
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'allow-conversation' }));
    const conversationId = host.chat.service.create().id;
    echoTurn('first');
    await turn('Echo first', conversationId);
    echoTurn('second');
    await turn('Echo second', conversationId);
    assert.deepEqual(
      recorded.map((entry) => [entry.approval, entry.scope]),
      [
        ['asked', 'conversation'],
        ['grant', undefined],
      ],
    );
  });

  test('let through by the approval mode', async () => {
    host.chat.approver.policy = () => ({ allow: true });
    echoTurn('mode');
    await turn('Echo by mode');
    assert.equal(recorded[0].approval, 'mode');
    assert.equal(recorded[0].outcome, 'ok');
  });

  test('denied by the person: on the record with the reason, never run, no duration', async () => {
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'deny', reason: 'not that one' }));
    echoTurn('no');
    await turn('Echo no');
    assert.equal(recorded.length, 1);
    const [entry] = recorded;
    assert.deepEqual(
      { source: entry.source, approval: entry.approval, outcome: entry.outcome, error: entry.error, durationMs: entry.durationMs },
      { source: 'model', approval: 'denied', outcome: 'denied', error: 'not that one', durationMs: undefined },
    );
    const detail = (await host.call('activity.get', { id: entry.id })) as { arguments: unknown };
    assert.deepEqual(detail.arguments, { text: 'no' });
  });

  test('denied by the mode', async () => {
    host.chat.approver.policy = () => ({ allow: false, reason: 'the conversation is read-only' });
    echoTurn('mode-no');
    await turn('Echo refused');
    assert.equal(recorded[0].outcome, 'denied');
    assert.equal(recorded[0].error, 'the conversation is read-only');
  });

  test('stopped while the call runs: cancelled', async () => {
    host.chat.approver.policy = () => ({ allow: true });
    fake.script({ blocks: [{ toolUse: { name: 'fx__slow', input: { ms: 20_000, steps: 40 } } }] });
    const conversationId = host.chat.service.create().id;
    const started = new Promise<void>((resolve) => {
      const off = host.on('servers.callProgress', () => {
        off();
        resolve();
      });
    });
    const { done } = host.chat.service.send({ conversationId, text: 'Take long' });
    await started;
    await host.chat.service.stop(conversationId);
    await done;
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0].outcome, 'cancelled', recorded[0].error);
    assert.equal(recorded[0].tool, 'slow');
  });

  test("an MCP App's call: source app, allowed like the model's, in the app's conversation", async () => {
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'allow-once' }));
    const conversationId = host.chat.service.create().id;
    await host.call('apps.callTool', { server: 'fx', tool: 'echo', arguments: { text: 'from the app' }, app: { tool: 'echo', conversationId } });
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'deny' }));
    await host.call('apps.callTool', { server: 'fx', tool: 'echo', arguments: { text: 'again' }, app: { tool: 'echo', conversationId } });
    // A tool switched off is refused by the host before anyone is asked: denied all the same.
    await host.call('tools.setEnabled', { server: 'fx', tool: 'add', enabled: false });
    await host.call('apps.callTool', { server: 'fx', tool: 'add', arguments: { a: 1, b: 2 }, app: { tool: 'echo', conversationId } });
    await host.call('tools.setEnabled', { server: 'fx', tool: 'add', enabled: true });
    assert.deepEqual(
      recorded.map((entry) => [entry.source, entry.approval, entry.scope, entry.outcome, entry.conversationId]),
      [
        ['app', 'asked', 'once', 'ok', conversationId],
        ['app', 'denied', undefined, 'denied', conversationId],
        ['app', 'denied', undefined, 'denied', conversationId],
      ],
    );
    assert.match(recorded[2].error!, /not a tool of fx that is switched on/);
  });
});
