import { assert, test } from '../../test-support/node-test.mjs';
import { analyzeUrl } from '../../../../shared/consent/url-safety.ts';
import { addressToOpen, openInNewTab } from './open-in-window.ts';

const elsewhere = { hostname: 'app', port: '' };

test('opens only the address that was shown, and only when it is allowed', () => {
  const shown = analyzeUrl('https://example.com/sign-in?step=2');
  assert.equal(addressToOpen(shown.url, shown, elsewhere), 'https://example.com/sign-in?step=2');
  assert.equal(addressToOpen(undefined, shown, elsewhere), undefined, 'the host opened it itself');
  assert.equal(addressToOpen('https://evil.example/', shown, elsewhere), undefined, 'not what the person saw');
});

test('never opens a blocked address, whatever the host says', () => {
  for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'http://example.com/', 'https://user:pw@example.com/']) {
    const shown = analyzeUrl(url);
    assert.equal(addressToOpen(shown.url, shown, elsewhere), undefined, url);
  }
});

test('in browser mode, never opens this page’s own origin, even when the host allowed it', () => {
  const here = { hostname: '127.0.0.1', port: '47123' };
  for (const url of ['http://127.0.0.1:47123/#token=planted', 'http://localhost:47123/']) {
    const shown = analyzeUrl(url);
    assert.equal(addressToOpen(shown.url, shown, here), undefined, url);
  }
  const other = analyzeUrl('http://127.0.0.1:47124/');
  assert.equal(addressToOpen(other.url, other, here), other.url);
});

test('a new tab with no opener and no referrer', () => {
  const calls: unknown[][] = [];
  openInNewTab('https://example.com/', (...args) => calls.push(args));
  assert.deepEqual(calls, [['https://example.com/', '_blank', 'noopener,noreferrer']]);
});
