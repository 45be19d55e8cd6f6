import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { echoed, startHumanHost } from './test-support/human-host.ts';
import type { HumanHost } from './test-support/human-host.ts';

// Form-mode elicitation through the consent broker, against real fixture servers of both eras: 2025 asks with
// an `elicitation/create` request while the call is open, 2026-07-28 with `input_required` rounds.
for (const era of ['legacy', 'modern'] as const) {
  describe(`form elicitation, ${era} era`, () => {
    let h: HumanHost;

    before(async () => {
      h = await startHumanHost({ fx: fixtureStdio(era) });
      const state = await h.serverState('fx', (candidate) => candidate.status !== 'connecting');
      assert.equal(state.status, 'connected', state.reason);
      assert.equal(state.era, era);
    });

    after(() => h?.close());

    test('the form reaches the person with its fields and the tool call it came from; accepted values go back', async () => {
      const call = h.host.servers.callTool('fx', 'elicit_form', {}, { context: { conversationId: 'conv-1', toolCallId: 'toolu_1' } });
      const request = await h.nextRequest('elicitation-form');
      assert.equal(request.server, 'fx');
      assert.deepEqual(request.context, { conversationId: 'conv-1', toolCallId: 'toolu_1' });
      assert.equal(request.payload.message, 'Tell the fixture about yourself');
      assert.deepEqual(
        request.payload.fields.map((field) => [field.name, field.kind, field.required]),
        [
          ['name', 'text', true],
          ['age', 'number', false],
          ['subscribe', 'boolean', false],
        ],
      );
      // client/elicitation § Form Mode Security: the answer is checked against the schema; a bad one leaves the form open.
      assert.throws(() => h.host.consent.answer(request.id, { action: 'accept', content: { name: 'Ada', age: 200 } }), { code: 'invalid_params' });
      assert.equal(h.host.consent.get(request.id)?.id, request.id);
      await h.host.call('consent.answer', { id: request.id, answer: { action: 'accept', content: { name: 'Ada', age: 36, subscribe: true } } });
      const outcome = await call;
      assert.deepEqual(echoed(outcome.result), { kind: 'elicit', action: 'accept', content: { name: 'Ada', age: 36, subscribe: true } });
    });

    test('decline and cancel go back as the spec\'s actions', async () => {
      for (const action of ['decline', 'cancel'] as const) {
        const call = h.host.servers.callTool('fx', 'elicit_form', {});
        const request = await h.nextRequest('elicitation-form');
        assert.equal(request.context, undefined);
        h.host.consent.answer(request.id, { action });
        assert.equal(echoed((await call).result).action, action);
      }
    });

    test('a question nobody answers in time closes with timeout, and the server hears cancel', async () => {
      const before = h.host.human.timeouts.questionMs;
      h.host.human.timeouts.questionMs = 300;
      try {
        const call = h.host.servers.callTool('fx', 'elicit_form', {});
        const request = await h.nextRequest('elicitation-form');
        assert.ok(request.deadline !== undefined && request.deadline > request.createdAt);
        assert.equal((await h.closedEvent(request.id)).outcome, 'timeout');
        assert.deepEqual(echoed((await call).result), { kind: 'elicit', action: 'cancel' });
      } finally {
        h.host.human.timeouts.questionMs = before;
      }
    });

    test(era === 'modern' ? 'two inputs of one MRTR round reach the person together, as one group' : 'two questions one after the other are two requests', async () => {
      const call = h.host.servers.callTool('fx', 'two_inputs', {});
      const first = await h.nextRequest('elicitation-form');
      if (era === 'modern') {
        const second = await h.nextRequest('elicitation-form');
        assert.ok(first.group && second.group, 'both requests carry the group');
        assert.equal(first.group.id, second.group.id);
        assert.equal(first.group.size, 2);
        assert.deepEqual([first.group.index, second.group.index].sort(), [0, 1]);
        const byMessage = new Map([first, second].map((request) => [request.payload.message, request]));
        h.host.consent.answer(byMessage.get('Which colour?')!.id, { action: 'accept', content: { color: 'green' } });
        h.host.consent.answer(byMessage.get('Which city?')!.id, { action: 'accept', content: { city: 'Lyon' } });
      } else {
        assert.equal(first.group, undefined);
        h.host.consent.answer(first.id, { action: 'accept', content: { city: 'Lyon' } });
        const second = await h.nextRequest('elicitation-form');
        h.host.consent.answer(second.id, { action: 'accept', content: { color: 'green' } });
      }
      assert.deepEqual(echoed((await call).result), {
        city: { kind: 'elicit', action: 'accept', content: { city: 'Lyon' } },
        color: { kind: 'elicit', action: 'accept', content: { color: 'green' } },
      });
    });

    if (era === 'legacy') {
      test('the person\'s time in the dialog does not count against the 2025 call\'s timeout; the server\'s own time does', async () => {
        const call = h.host.servers.callTool('fx', 'elicit_form', {}, { timeoutMs: 300 });
        const request = await h.nextRequest('elicitation-form');
        await new Promise((resolve) => setTimeout(resolve, 900));
        h.host.consent.answer(request.id, { action: 'accept', content: { name: 'Slow Reader' } });
        assert.deepEqual(echoed((await call).result).content, { name: 'Slow Reader' });

        await assert.rejects(h.host.servers.callTool('fx', 'slow', { ms: 3_000, steps: 3 }, { timeoutMs: 300 }), { code: 'timeout' });
      });
    }

    test('when the server goes away, its open question closes as server-gone', async () => {
      const call = h.host.servers.callTool('fx', 'elicit_form', {});
      const request = await h.nextRequest('elicitation-form');
      const failed = assert.rejects(call, { code: 'server_unavailable' });
      await h.host.call('servers.setEnabled', { server: 'fx', enabled: false });
      assert.equal((await h.closedEvent(request.id)).outcome, 'server-gone');
      await failed;
      assert.equal(h.host.consent.open().length, 0);
    });
  });
}
