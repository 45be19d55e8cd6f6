import { assert, test } from '../../test-support/node-test.mjs';
import { analyzeUrl } from '../../../../shared/consent/url-safety.ts';
import { addressToOpen, openInNewTab } from './open-in-window.ts';

test('opens only the address that was shown, and only when it is allowed', () => {
  const shown = analyzeUrl('https://example.com/sign-in?step=2');
  assert.equal(addressToOpen(shown.url, shown), 'https://example.com/sign-in?step=2');
  assert.equal(addressToOpen(undefined, shown), undefined, 'the host opened it itself');
  assert.equal(addressToOpen('https://evil.example/', shown), undefined, 'not what the person saw');
});

test('never opens a blocked address, whatever the host says', () => {
  for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'http://example.com/', 'https://user:pw@example.com/']) {
    const shown = analyzeUrl(url);
    assert.equal(addressToOpen(shown.url, shown), undefined, url);
  }
});

test('a new tab with no opener and no referrer', () => {
  const calls: unknown[][] = [];
  openInNewTab('https://example.com/', (...args) => calls.push(args));
  assert.deepEqual(calls, [['https://example.com/', '_blank', 'noopener,noreferrer']]);
});
