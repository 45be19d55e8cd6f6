import { assert, test } from '../../test-support/node-test.mjs';
import { analyzeUrl } from '../../../../shared/consent/url-safety.ts';
import { siteName, urlSegments } from './url-segments.ts';

const roles = (url: string) => urlSegments(analyzeUrl(url)).map((segment) => `${segment.role}=${segment.text}`);

test('the registered domain is its own piece, after any subdomain', () => {
  assert.deepEqual(roles('https://login.accounts.example.com/path?q=1#top'), [
    'scheme=https://',
    'subdomain=login.accounts.',
    'domain=example.com',
    'rest=/path?q=1#top',
  ]);
  assert.equal(siteName(analyzeUrl('https://login.example.com/')), 'example.com');
});

test('a brand in the subdomain is not the highlighted part', () => {
  assert.deepEqual(roles('https://paypal.com.evil.example/x').slice(1, 3), ['subdomain=paypal.com.', 'domain=evil.example']);
});

test('international names read in Unicode; credentials and ports keep their place', () => {
  const segments = roles('https://xn--pple-43d.com/');
  assert.deepEqual(segments.slice(0, 2), ['scheme=https://', 'domain=аpple.com']);
  assert.deepEqual(roles('http://user:pw@127.0.0.1:8080/cb'), ['scheme=http://', 'userinfo=user:pw@', 'domain=127.0.0.1', 'port=:8080', 'rest=/cb']);
});

test('addresses without a host show whole, with their scheme', () => {
  assert.deepEqual(roles('javascript:alert(1)'), ['scheme=javascript:', 'rest=alert(1)']);
  assert.deepEqual(roles('file:///etc/passwd'), ['scheme=file://', 'rest=/etc/passwd']);
  assert.deepEqual(roles('not a url'), ['rest=not a url']);
  assert.equal(siteName(analyzeUrl('javascript:alert(1)')), 'a javascript: address');
  assert.equal(siteName(analyzeUrl('http://127.0.0.1:8765/cb')), '127.0.0.1:8765', 'on this computer the port names the program');
  assert.equal(siteName(analyzeUrl('http://localhost/')), 'localhost:80');
});

test('joined, the pieces are the address people read', () => {
  const url = 'https://sub.example.co.uk:8443/a/b?c=d#e';
  assert.equal(urlSegments(analyzeUrl(url)).map((segment) => segment.text).join(''), url);
});
