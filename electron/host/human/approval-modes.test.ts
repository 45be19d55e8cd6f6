import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import type { HumanSettings } from '../../../shared/consent/human-settings.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { startHumanHost } from './test-support/human-host.ts';
import type { HumanHost } from './test-support/human-host.ts';

const API_KEY = 'sk-ant-modes-test-4567';

// Approval modes through the chat's own tool approval: the mode decides first, then grants and the person.
describe('approval modes in a chat turn', () => {
  let h: HumanHost;
  let fake: FakeAnthropic;

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    h = await startHumanHost({ fx: fixtureStdio('modern') });
    await h.host.call('settings.setApiKey', { provider: 'anthropic', apiKey: API_KEY });
    await h.host.call('settings.update', { anthropicBaseURL: fake.baseURL, defaultModel: 'claude-sonnet-4-6' });
    assert.equal((await h.serverState('fx', (state) => state.status !== 'connecting')).status, 'connected');
  });

  after(async () => {
    await h?.close();
    await fake?.close();
  });

  afterEach(async () => {
    assert.equal(fake.pendingTurns, 0);
    await h.host.call('human.setApprovalMode', { mode: 'ask' });
  });

  /** One turn in which the model calls `tool`; `person` answers whatever is asked meanwhile. */
  async function turnCalling(tool: string, input: Record<string, unknown>, person: () => Promise<void> = async () => {}): Promise<ToolCallBlock> {
    fake.script({ blocks: [{ toolUse: { name: `fx__${tool}`, input } }] }, { blocks: [{ text: 'done' }] });
    const conversation = h.host.chat.service.create();
    const { done } = h.host.chat.service.send({ conversationId: conversation.id, text: `use ${tool}` });
    await person();
    const answer = await done;
    return answer.blocks.find((block): block is ToolCallBlock => block.type === 'tool_call')!;
  }

  test('ask (the default): even a read-only tool asks', async () => {
    const settings = (await h.host.call('human.get', {})) as HumanSettings;
    assert.equal(settings.approvalMode, 'ask');
    assert.deepEqual(settings.servers.fx, { sampling: 'ask', autoApproveReadOnly: false, roots: [] });
    const call = await turnCalling('echo', { text: 'hi' }, async () => {
      const request = await h.nextRequest('tool-approval');
      assert.equal(request.payload.tool, 'echo');
      h.host.consent.answer(request.id, { decision: 'allow' });
    });
    assert.equal(call.status, 'done');
  });

  test('auto-read-only runs read-only tools unasked only on servers the person marked, and asks for the rest', async () => {
    const changes: HumanSettings[] = [];
    const stop = h.host.on('human.changed', (settings) => changes.push(settings));
    await h.host.call('human.setApprovalMode', { mode: 'auto-read-only' });
    stop();
    assert.equal(changes.at(-1)?.approvalMode, 'auto-read-only');

    // Not marked yet: the server's readOnlyHint is only a claim.
    const unmarked = await turnCalling('echo', { text: 'one' }, async () => {
      h.host.consent.answer((await h.nextRequest('tool-approval')).id, { decision: 'allow' });
    });
    assert.equal(unmarked.status, 'done');

    await h.host.call('human.setServer', { server: 'fx', autoApproveReadOnly: true });
    const asked = h.opened.length;
    const readOnly = await turnCalling('echo', { text: 'two' });
    assert.equal(readOnly.status, 'done');
    assert.equal(h.opened.length, asked, 'nobody was asked');

    const other = await turnCalling('image', {}, async () => {
      const request = await h.nextRequest('tool-approval');
      assert.equal(request.payload.tool, 'image');
      h.host.consent.answer(request.id, { decision: 'deny' });
    });
    assert.equal(other.status, 'denied');
    await h.host.call('human.setServer', { server: 'fx', autoApproveReadOnly: false });
  });

  test('allow-everything runs every tool unasked', async () => {
    await h.host.call('human.setApprovalMode', { mode: 'allow-everything' });
    const asked = h.opened.length;
    assert.equal((await turnCalling('image', {})).status, 'done');
    assert.equal(h.opened.length, asked);
  });

  test('a question a tool asks during a chat turn carries the conversation and the tool call', async () => {
    await h.host.call('human.setApprovalMode', { mode: 'allow-everything' });
    let conversationId = '';
    const call = await turnCalling('elicit_form', {}, async () => {
      const form = await h.nextRequest('elicitation-form');
      conversationId = form.context?.conversationId ?? '';
      assert.ok(form.context?.toolCallId, 'the tool call id is there');
      h.host.consent.answer(form.id, { action: 'accept', content: { name: 'Grace' } });
    });
    assert.equal(call.status, 'done');
    assert.ok(h.host.chat.service.get(conversationId), 'the context names the conversation of the turn');
    const form = h.opened.findLast((request) => request.kind === 'elicitation-form')!;
    assert.equal(form.context?.toolCallId, call.id);
  });
});
