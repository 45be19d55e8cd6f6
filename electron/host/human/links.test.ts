import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startHumanHost } from './test-support/human-host.ts';

// A link from the chat opens only after the person saw where it goes (client/elicitation § Safe URL Handling
// applies to any URL a server put in front of them): by the host in Electron, by the window in browser mode.
test('browser mode: the accepting window is told to open the checked address; cancel opens nothing', async (t) => {
  const h = await startHumanHost({});
  t.after(() => h.close());

  const opening = h.host.call('links.open', { url: 'https://docs.example.com/guide#install', source: 'a link in a tool result' });
  const request = await h.nextRequest('open-url');
  assert.equal(request.server, undefined, 'Switchboard itself asks');
  assert.equal(request.payload.source, 'a link in a tool result');
  assert.equal(request.payload.analysis.display.hostUnicode, 'docs.example.com');
  assert.deepEqual(await h.host.call('consent.answer', { id: request.id, answer: { decision: 'open' } }), {
    id: request.id,
    open: 'https://docs.example.com/guide#install',
  });
  assert.deepEqual(await opening, { outcome: 'open-in-window' });

  const cancelled = h.host.call('links.open', { url: 'https://docs.example.com/other' });
  const second = await h.nextRequest('open-url');
  assert.deepEqual(await h.host.call('consent.answer', { id: second.id, answer: { decision: 'cancel' } }), { id: second.id });
  assert.deepEqual(await cancelled, { outcome: 'declined' });
});

test('an address that may not be opened is blocked without asking', async (t) => {
  const h = await startHumanHost({});
  t.after(() => h.close());
  for (const url of ['javascript:alert(1)', 'http://example.com/', 'https://user:pw@example.com/']) {
    const result = (await h.host.call('links.open', { url })) as { outcome: string; reason?: string };
    assert.equal(result.outcome, 'blocked', url);
    assert.ok(result.reason, `a reason for ${url}`);
  }
  assert.equal(h.opened.length, 0);
});

test('Electron: the host opens it once the person agrees, and the window is told nothing', async (t) => {
  const opened: string[] = [];
  const h = await startHumanHost({}, { openExternal: async (url) => void opened.push(url) });
  t.after(() => h.close());
  const opening = h.host.call('links.open', { url: 'https://example.com/a' });
  const request = await h.nextRequest('open-url');
  assert.deepEqual(opened, []);
  assert.deepEqual(await h.host.call('consent.answer', { id: request.id, answer: { decision: 'open' } }), { id: request.id });
  assert.deepEqual(await opening, { outcome: 'opened' });
  assert.deepEqual(opened, ['https://example.com/a']);
});
