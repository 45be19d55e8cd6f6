import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { echoed, startHumanHost } from './test-support/human-host.ts';
import type { HumanHost } from './test-support/human-host.ts';

const PAGE = 'https://login.example.com/connect?session=42';

// URL-mode elicitation (client/elicitation § URL Mode, § Safe URL Handling): the person sees the address and
// its analysis, nothing is fetched, and only an accepted, allowed address is opened: by the host when it can
// (Electron's shell.openExternal, injected), otherwise by the window that accepted it (browser mode).
for (const era of ['legacy', 'modern'] as const) {
  describe(`URL elicitation in the request, ${era} era`, () => {
    let h: HumanHost;
    const openedByHost: string[] = [];

    before(async () => {
      h = await startHumanHost({ fx: fixtureStdio(era) }, { openExternal: async (url) => void openedByHost.push(url) });
      assert.equal((await h.serverState('fx', (state) => state.status !== 'connecting')).status, 'connected');
    });

    after(() => h?.close());

    const callUrl = (url: string) => h.host.servers.callTool('fx', 'elicit_url', era === 'legacy' ? { url, via: 'request' } : { url });

    test('accepted: the host opens the checked address, and the server hears accept', async () => {
      const call = callUrl(PAGE);
      const request = await h.nextRequest('elicitation-url');
      assert.equal(request.payload.url, PAGE);
      assert.equal(request.payload.stage, 'consent');
      assert.equal(request.payload.analysis.ok, true);
      assert.equal(request.payload.analysis.display.registrableDomainGuess, 'example.com');
      if (era === 'legacy') assert.ok(request.payload.elicitationId, '2025-11-25 URL requests carry an elicitationId');
      assert.deepEqual(openedByHost, [], 'nothing opens before the person agrees');
      // Electron opens it itself, so the window is not told to.
      assert.deepEqual(await h.host.call('consent.answer', { id: request.id, answer: { action: 'accept' } }), { id: request.id });
      assert.equal(echoed((await call).result).action, 'accept');
      assert.deepEqual(openedByHost, [PAGE]);
    });

    test('declined: nothing opens and the server hears decline', async () => {
      const call = callUrl(PAGE);
      h.host.consent.answer((await h.nextRequest('elicitation-url')).id, { action: 'decline' });
      assert.equal(echoed((await call).result).action, 'decline');
      assert.equal(openedByHost.length, 1);
    });

    test('an address that may not be opened is declined without asking', async () => {
      const before = h.opened.length;
      for (const url of ['http://example.com/plain-http', 'file:///etc/passwd']) {
        assert.equal(echoed((await callUrl(url)).result).action, 'decline');
      }
      assert.equal(h.opened.length, before, 'no question was opened');
      assert.equal(openedByHost.length, 1);
    });
  });
}

describe('URL elicitation in browser mode', () => {
  let h: HumanHost;

  before(async () => {
    h = await startHumanHost({ fx: fixtureStdio('modern') });
    assert.equal((await h.serverState('fx', (state) => state.status !== 'connecting')).status, 'connected');
  });

  after(() => h?.close());

  test('the host cannot open a browser, so consent.answer tells the accepting window which checked address to open', async () => {
    const call = h.host.servers.callTool('fx', 'elicit_url', { url: 'https://EXAMPLE.com/a b' });
    const request = await h.nextRequest('elicitation-url');
    const settings = await h.host.call('human.get', {});
    assert.deepEqual((settings as { platform: unknown }).platform, { pickFolder: false, openExternal: false });
    assert.deepEqual(await h.host.call('consent.answer', { id: request.id, answer: { action: 'accept' } }), {
      id: request.id,
      open: 'https://example.com/a%20b',
    });
    assert.equal(echoed((await call).result).action, 'accept');
  });

  test('declining tells the window nothing to open', async () => {
    const call = h.host.servers.callTool('fx', 'elicit_url', { url: PAGE });
    const request = await h.nextRequest('elicitation-url');
    assert.deepEqual(await h.host.call('consent.answer', { id: request.id, answer: { action: 'decline' } }), { id: request.id });
    await call;
  });
});

describe('the 2025-era URL-required error (-32042)', () => {
  let h: HumanHost;
  const openedByHost: string[] = [];

  before(async () => {
    h = await startHumanHost({ old: fixtureStdio('legacy') }, { openExternal: async (url) => void openedByHost.push(url) });
    assert.equal((await h.serverState('old', (state) => state.status !== 'connecting')).status, 'connected');
  });

  after(() => h?.close());

  test('ask, open, wait for the person to finish, then retry the call', async () => {
    const url = 'https://auth.example.com/step-1';
    const call = h.host.servers.callTool('old', 'elicit_url', { url }, { context: { conversationId: 'c-9', toolCallId: 'call-9' } });
    const consent = await h.nextRequest('elicitation-url');
    assert.equal(consent.payload.stage, 'consent');
    assert.deepEqual(consent.context, { conversationId: 'c-9', toolCallId: 'call-9' });
    h.host.consent.answer(consent.id, { action: 'accept' });
    const waiting = await h.nextRequest('elicitation-url');
    assert.equal(waiting.payload.stage, 'waiting');
    assert.equal(waiting.payload.elicitationId, consent.payload.elicitationId);
    assert.deepEqual(openedByHost, [url]);
    h.host.consent.answer(waiting.id, { action: 'accept' });
    assert.deepEqual(echoed((await call).result), { completed: true, elicitationId: consent.payload.elicitationId });
  });

  test('the server\'s notifications/elicitation/complete ends the wait by itself', async () => {
    const url = 'https://auth.example.com/step-2';
    const call = h.host.servers.callTool('old', 'elicit_url', { url, completeAfterMs: 300 });
    h.host.consent.answer((await h.nextRequest('elicitation-url')).id, { action: 'accept' });
    // Nobody answers the waiting step: only the server's notification can let the call go on.
    assert.equal(echoed((await call).result).completed, true);
    const waiting = h.opened.find((request) => request.kind === 'elicitation-url' && request.payload.url === url && request.payload.stage === 'waiting');
    if (waiting) {
      const closed = await h.closedEvent(waiting.id);
      assert.equal(closed.outcome, 'cancelled');
      assert.match(closed.reason ?? '', /complete/);
    }
  });

  test('declining the step fails the call and says why', async () => {
    const call = h.host.servers.callTool('old', 'elicit_url', { url: 'https://auth.example.com/step-3' });
    h.host.consent.answer((await h.nextRequest('elicitation-url')).id, { action: 'decline' });
    await assert.rejects(call, (error: Error & { code?: string }) => error.code === 'request_failed' && /browser/.test(error.message));
  });
});
