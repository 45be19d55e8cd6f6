import { assert, test } from '../../test-support/node-test.mjs';
import type { ConsentRequest } from '../../../../shared/consent/consent-types.ts';
import { analyzeUrl } from '../../../../shared/consent/url-safety.ts';
import { noticeText, waitingText } from './consent-notice.ts';

const url = 'https://login.example.com/start';
const waiting: ConsentRequest = {
  id: 'w',
  kind: 'elicitation-url',
  server: 'docs',
  createdAt: 1,
  payload: { message: 'Sign in', url, stage: 'waiting', analysis: analyzeUrl(url) },
};
const form: ConsentRequest = {
  id: 'f',
  kind: 'elicitation-form',
  createdAt: 1,
  payload: { message: 'Name?', requestedSchema: {}, fields: [], sensitive: [] },
};

test('a request the host closed says why', () => {
  assert.equal(noticeText({ id: 'w', type: 'closed', request: waiting, outcome: 'cancelled', reason: 'the server reports the step complete' }), 'docs: the wait for the page closed: the server reports the step complete.');
  assert.equal(noticeText({ id: 'f', type: 'closed', request: form, outcome: 'timeout' }), 'The form closed: no answer in time.');
  assert.equal(
    noticeText({ id: 'w', type: 'closed', request: waiting, outcome: 'cancelled', reason: 'The server reported that the step in the browser is complete' }),
    'docs: the wait for the page closed: the server reported that the step in the browser is complete.',
  );
  assert.equal(noticeText({ id: 'w', type: 'closed', request: waiting, outcome: 'server-gone', reason: 'server "docs" is crashed' }), 'docs: the wait for the page closed: the server went away (server "docs" is crashed).');
});

test('an opened page names the site and where it went', () => {
  const consent: ConsentRequest = { ...waiting, payload: { ...waiting.payload, stage: 'consent' } };
  assert.equal(noticeText({ id: 'w', type: 'url', request: consent, url, where: 'tab' }), 'docs: opened example.com in a new tab. Finish there; docs goes on when you are done.');
  assert.equal(noticeText({ id: 'w', type: 'url', request: consent, url, where: 'browser' }).startsWith('docs: opened example.com in your browser.'), true);
  assert.match(noticeText({ id: 'w', type: 'url', request: consent, url: 'https://other.example/', where: 'refused' }), /nothing was opened/);
});

test('next to the tool call, what is being asked', () => {
  assert.equal(waitingText(waiting), 'docs is waiting for you to finish on a web page.');
  assert.equal(waitingText({ ...form, server: 'docs' }), 'docs asks you to fill in a form for this call.');
});
