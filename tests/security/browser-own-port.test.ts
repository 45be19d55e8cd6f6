import { test } from 'node:test';
import assert from 'node:assert/strict';
import { echoed, startHumanHost } from '../../electron/host/human/test-support/human-host.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';

// Issue #7, item 1: Switchboard's own browser-mode port is never offered as a link target, whoever asks
// (a chat link, a URL elicitation), and a page on another loopback port is named as another program's.
const OWN_PORT = 47_123;

test('a chat link to Switchboard’s own port is blocked without asking, with the reason', async (t) => {
  const h = await startHumanHost({});
  t.after(() => h.close());
  h.host.consent.protectOwnPort(OWN_PORT);
  for (const url of [`http://127.0.0.1:${OWN_PORT}/#token=planted`, `http://localhost:${OWN_PORT}/api`]) {
    const result = (await h.host.call('links.open', { url })) as { outcome: string; reason?: string };
    assert.equal(result.outcome, 'blocked', url);
    assert.match(result.reason ?? '', new RegExp(`Switchboard's own address \\(port ${OWN_PORT}`), url);
  }
  assert.equal(h.opened.length, 0, 'no question was put to the person');

  const other = h.host.call('links.open', { url: `http://127.0.0.1:${OWN_PORT + 1}/` });
  const request = await h.nextRequest('open-url');
  assert.equal(request.payload.analysis.ok, true);
  assert.match(request.payload.analysis.warnings[0].message, new RegExp(`port ${OWN_PORT + 1} of this computer, served by another program there, not by Switchboard`));
  await h.host.call('consent.answer', { id: request.id, answer: { decision: 'cancel' } });
  await other;
});

test('a question shown before the host knew its port cannot be answered with "open" once it does', async (t) => {
  const h = await startHumanHost({});
  t.after(() => h.close());
  const opening = h.host.call('links.open', { url: `http://127.0.0.1:${OWN_PORT}/` });
  const request = await h.nextRequest('open-url');
  const unprotect = h.host.consent.protectOwnPort(OWN_PORT);
  await assert.rejects(h.host.call('consent.answer', { id: request.id, answer: { decision: 'open' } }), /Switchboard's own address/);
  await h.host.call('consent.answer', { id: request.id, answer: { decision: 'cancel' } });
  assert.deepEqual(await opening, { outcome: 'declined' });
  unprotect();
  assert.equal(h.host.consent.analyzeUrl(`http://127.0.0.1:${OWN_PORT}/`).ok, true, 'the undo forgets the port');
});

test('a server’s URL elicitation of Switchboard’s own port is declined unasked', async (t) => {
  const h = await startHumanHost({ fx: fixtureStdio('modern') });
  t.after(() => h.close());
  h.host.consent.protectOwnPort(OWN_PORT);
  assert.equal((await h.serverState('fx', (state) => state.status !== 'connecting')).status, 'connected');
  const call = await h.host.servers.callTool('fx', 'elicit_url', { url: `http://localhost:${OWN_PORT}/` });
  assert.equal(echoed(call.result).action, 'decline');
  assert.equal(h.opened.filter((request) => request.kind === 'elicitation-url').length, 0);
});
