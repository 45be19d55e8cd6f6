import { assert, test } from '../test-support/node-test.mjs';
import type { ConsentRequest } from '../../../shared/consent/consent-types.ts';
import { addRequest } from './consent-slice.ts';
import { createAppStore } from './app-store.ts';

const request = (id: string, createdAt: number): ConsentRequest => ({
  id,
  kind: 'tool-approval',
  server: 'srv',
  createdAt,
  payload: { tool: 'echo', arguments: {} },
});
const ids = (requests: ConsentRequest[] | undefined) => requests?.map((entry) => entry.id);

test('addRequest keeps oldest first and replaces a repeat', () => {
  assert.deepEqual(ids(addRequest([request('a', 1), request('c', 3)], request('b', 2))), ['a', 'b', 'c']);
  assert.deepEqual(ids(addRequest([request('a', 1)], request('a', 1))), ['a']);
});

test('requests open and close by event; a deferred one stays open until it closes', () => {
  const store = createAppStore();
  const s = store.getState;
  assert.equal(s().consentRequests, undefined);
  s().consentOpened(request('b', 2));
  s().consentListed([request('a', 1), request('b', 2)]);
  s().consentOpened(request('c', 3));
  s().deferConsent('b');
  s().deferConsent('b');
  assert.deepEqual(s().deferredConsent, ['b']);
  s().consentClosed({ id: 'b' });
  assert.deepEqual(ids(s().consentRequests), ['a', 'c']);
  assert.deepEqual(s().deferredConsent, []);
  s().deferConsent('a');
  s().consentListed([request('c', 3)]);
  assert.deepEqual(s().deferredConsent, [], 'a relist forgets what is no longer open');
});

test('a request the host closed unanswered leaves a notice saying why; an answered one does not', () => {
  const store = createAppStore();
  const s = store.getState;
  s().consentListed([request('a', 1), request('b', 2), request('c', 3)]);
  s().consentClosed({ id: 'a' });
  s().consentClosed({ id: 'a', outcome: 'answered' });
  s().consentClosed({ id: 'b', outcome: 'answered' });
  s().consentClosed({ id: 'c', outcome: 'timeout', reason: 'no answer in 5 min' });
  s().consentClosed({ id: 'never-seen', outcome: 'cancelled' });
  assert.deepEqual(
    s().consentNotices.map((notice) => [notice.id, notice.type === 'closed' ? notice.outcome : notice.type]),
    [['c', 'timeout']],
  );
  s().dismissConsentNotice('c');
  assert.deepEqual(s().consentNotices, []);
});

test('opened pages are noted, newest last, and old notices make way', () => {
  const store = createAppStore();
  const s = store.getState;
  for (const id of ['1', '2', '3', '4', '5']) s().consentUrlOpened(request(id, Number(id)), `https://example.com/${id}`, 'tab');
  assert.deepEqual(
    s().consentNotices.map((notice) => notice.id),
    ['2', '3', '4', '5'],
  );
});
