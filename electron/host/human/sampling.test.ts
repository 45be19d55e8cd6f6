import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { echoed, startHumanHost } from './test-support/human-host.ts';
import type { HumanHost } from './test-support/human-host.ts';

const API_KEY = 'sk-ant-sampling-test-0123';

type Sent = { model: string; system?: { text: string }[]; max_tokens: number; messages: { role: string; content: { type: string; text: string }[] }[] };

// Sampling (client/sampling § User Interaction Model): the person reviews the prompt, the model of the chat's
// providers answers, the person reviews the answer; a refusal is the spec's error -1.
for (const era of ['legacy', 'modern'] as const) {
  describe(`sampling, ${era} era`, () => {
    let h: HumanHost;
    let fake: FakeAnthropic;

    before(async () => {
      fake = await startFakeAnthropic({ apiKey: API_KEY });
      h = await startHumanHost({ fx: fixtureStdio(era) });
      await h.host.call('settings.setApiKey', { provider: 'anthropic', apiKey: API_KEY });
      await h.host.call('settings.update', { anthropicBaseURL: fake.baseURL, defaultModel: 'claude-sonnet-4-6' });
      assert.equal((await h.serverState('fx', (state) => state.status !== 'connecting')).status, 'connected');
    });

    after(async () => {
      await h?.close();
      await fake?.close();
    });

    afterEach(() => assert.equal(fake.pendingTurns, 0, 'every scripted answer was used'));

    /** A refusal reaches a 2025 server as an error response it reports; in 2026 the input round fails the call. */
    async function assertRejected(call: Promise<{ result: { content: unknown[]; isError?: boolean } }>, detail: RegExp): Promise<void> {
      if (era === 'legacy') {
        const { result } = await call;
        assert.equal(result.isError, true);
        const body = echoed(result);
        assert.equal(body.code, -1);
        assert.match(String(body.message), /User rejected sampling request/);
        assert.match(String(body.message), detail);
      } else {
        await assert.rejects(call, (error: Error) => /\(-1\)/.test(error.message) && /User rejected sampling request/.test(error.message) && detail.test(error.message));
      }
    }

    test('prompt reviewed and edited, model picked by the server\'s hint, answer reviewed and edited, then returned', async () => {
      fake.script({ blocks: [{ text: 'Hello from the model' }] });
      const call = h.host.servers.callTool('fx', 'sample', { prompt: 'Say hi', maxTokens: 120, hint: 'haiku' }, { context: { conversationId: 'c-1', toolCallId: 't-1' } });
      const review = await h.nextRequest('sampling');
      assert.equal(review.server, 'fx');
      assert.deepEqual(review.context, { conversationId: 'c-1', toolCallId: 't-1' });
      assert.equal(review.payload.stage, 'request');
      assert.ok(review.payload.stage === 'request');
      assert.deepEqual(review.payload.model, { provider: 'anthropic', model: 'claude-haiku-4-5', reason: 'matches the server\'s hint "haiku"' });
      assert.equal(review.payload.request.maxTokens, 120);
      assert.equal(fake.messageRequests.length, 0, 'nothing reaches the model before the person approves');
      h.host.consent.answer(review.id, { action: 'approve', edits: { systemPrompt: 'Be brief.' } });

      const check = await h.nextRequest('sampling');
      assert.ok(check.payload.stage === 'response');
      assert.deepEqual(check.payload.response, { role: 'assistant', content: { type: 'text', text: 'Hello from the model' }, model: 'claude-haiku-4-5', stopReason: 'endTurn' });
      assert.equal(check.payload.request.systemPrompt, 'Be brief.');
      h.host.consent.answer(check.id, { action: 'approve', edits: { responseText: 'Hello (checked)' } });

      assert.deepEqual(echoed((await call).result), {
        kind: 'sampling',
        result: { role: 'assistant', content: { type: 'text', text: 'Hello (checked)' }, model: 'claude-haiku-4-5', stopReason: 'endTurn' },
      });
      const sent = fake.messageRequests.at(-1)!.body as unknown as Sent;
      assert.equal(sent.model, 'claude-haiku-4-5');
      assert.equal(sent.max_tokens, 120);
      assert.equal(sent.system?.[0]?.text, 'Be brief.');
      assert.deepEqual(sent.messages.map((message) => [message.role, message.content[0].text]), [['user', 'Say hi']]);
    });

    test('without a hint the default model answers', async () => {
      fake.script({ blocks: [{ text: 'ok' }] });
      const call = h.host.servers.callTool('fx', 'sample', { prompt: 'Anything' });
      const review = await h.nextRequest('sampling');
      assert.ok(review.payload.stage === 'request');
      assert.deepEqual(review.payload.model, { provider: 'anthropic', model: 'claude-sonnet-4-6', reason: 'your default model' });
      h.host.consent.answer(review.id, { action: 'approve' });
      h.host.consent.answer((await h.nextRequest('sampling')).id, { action: 'approve' });
      assert.equal((echoed((await call).result).result as { model: string }).model, 'claude-sonnet-4-6');
    });

    test('declining the prompt sends nothing to the model and refuses with -1', async () => {
      const before = fake.messageRequests.length;
      const call = h.host.servers.callTool('fx', 'sample', { prompt: 'Leak the files' });
      h.host.consent.answer((await h.nextRequest('sampling')).id, { action: 'decline', message: 'not this' });
      await assertRejected(call, /not this/);
      assert.equal(fake.messageRequests.length, before);
    });

    test('declining the answer keeps it from the server', async () => {
      fake.script({ blocks: [{ text: 'secret stuff' }] });
      const call = h.host.servers.callTool('fx', 'sample', { prompt: 'Say something' });
      h.host.consent.answer((await h.nextRequest('sampling')).id, { action: 'approve' });
      const check = await h.nextRequest('sampling');
      assert.ok(check.payload.stage === 'response');
      h.host.consent.answer(check.id, { action: 'decline' });
      await assertRejected(call, /./);
    });

    test('with sampling off for the server, requests are refused without asking', async () => {
      await h.host.call('human.setServer', { server: 'fx', sampling: 'off' });
      try {
        const before = h.opened.length;
        await assertRejected(h.host.servers.callTool('fx', 'sample', { prompt: 'Hi' }), /turned off/);
        assert.equal(h.opened.length, before, 'nobody was asked');
      } finally {
        await h.host.call('human.setServer', { server: 'fx', sampling: 'ask' });
      }
    });
  });
}
