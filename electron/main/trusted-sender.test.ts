import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { isTrustedSenderUrl, rendererFileFor } from './trusted-sender.ts';

test('only our own origin may call the host over IPC', () => {
  assert.equal(isTrustedSenderUrl('app://switchboard/index.html'), true);
  assert.equal(isTrustedSenderUrl('app://switchboard/'), true);
  assert.equal(isTrustedSenderUrl('app://other/index.html'), false);
  assert.equal(isTrustedSenderUrl('https://switchboard/index.html'), false);
  assert.equal(isTrustedSenderUrl('file:///tmp/index.html'), false);
  assert.equal(isTrustedSenderUrl(undefined), false);
  assert.equal(isTrustedSenderUrl('not a url'), false);
});

test('the dev server is trusted only at its exact loopback origin', () => {
  const dev = 'http://localhost:5173/';
  assert.equal(isTrustedSenderUrl('http://localhost:5173/index.html', dev), true);
  assert.equal(isTrustedSenderUrl('http://localhost:5174/index.html', dev), false);
  assert.equal(isTrustedSenderUrl('http://evil.example/index.html', dev), false);
  assert.equal(isTrustedSenderUrl('http://evil.example:5173/', 'http://evil.example:5173/'), false);
});

test('renderer files never resolve outside the renderer folder', () => {
  const root = path.join('/srv', 'renderer');
  assert.equal(rendererFileFor('app://switchboard/', root, path.join), path.join(root, 'index.html'));
  assert.equal(rendererFileFor('app://switchboard/assets/app.js', root, path.join), path.join(root, 'assets', 'app.js'));
  assert.equal(rendererFileFor('app://switchboard/../package.json', root, path.join), path.join(root, 'package.json'));
  // The URL parser folds encoded dot segments at the root, so they cannot climb out either.
  assert.equal(rendererFileFor('app://switchboard/assets/%2e%2e/%2e%2e/etc/passwd', root, path.join), path.join(root, 'etc', 'passwd'));
  assert.equal(rendererFileFor('app://switchboard/assets/..%2f..%2fetc', root, path.join), undefined);
  assert.equal(rendererFileFor('app://switchboard/a%5c..%5csecret', root, path.join), undefined);
  assert.equal(rendererFileFor('app://switchboard/%00', root, path.join), undefined);
  assert.equal(rendererFileFor('app://elsewhere/index.html', root, path.join), undefined);
});
