import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { denyAllPermissions, guardWebContents } from './window-guards.ts';
import type { GuardedContents, GuardedSession } from './window-guards.ts';

class Contents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  /** Emits like Electron does and says whether a listener stopped it. */
  attempt(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', url?: string): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

test('navigation and redirects stay on our page; every other place is refused', () => {
  const contents = new Contents();
  guardWebContents(contents as unknown as GuardedContents, undefined);
  assert.equal(contents.attempt('will-navigate', 'app://switchboard/index.html#/chat'), false);
  for (const url of ['https://evil.example/', 'file:///etc/passwd', 'switchboard-app://sandbox/sandbox', 'http://localhost:5173/', 'javascript:alert(1)', 'not a url']) {
    assert.equal(contents.attempt('will-navigate', url), true, url);
    assert.equal(contents.attempt('will-redirect', url), true, url);
  }
});

test('the dev server is trusted only while developing, and only on loopback', () => {
  const dev = new Contents();
  guardWebContents(dev as unknown as GuardedContents, 'http://localhost:5173');
  assert.equal(dev.attempt('will-navigate', 'http://localhost:5173/#/servers'), false);
  assert.equal(dev.attempt('will-navigate', 'http://localhost:5174/'), true);
  const remote = new Contents();
  guardWebContents(remote as unknown as GuardedContents, 'http://dev.example:5173');
  assert.equal(remote.attempt('will-navigate', 'http://dev.example:5173/'), true);
});

test('no <webview> is ever attached and no window ever opens', () => {
  const contents = new Contents();
  guardWebContents(contents as unknown as GuardedContents, undefined);
  assert.equal(contents.attempt('will-attach-webview'), true);
  assert.deepEqual(contents.openHandler?.({ url: 'app://switchboard/index.html' }), { action: 'deny' });
  assert.deepEqual(contents.openHandler?.({ url: 'https://example.com/' }), { action: 'deny' });
});

test('every permission a page asks for or checks is refused', () => {
  const asked: boolean[] = [];
  let request: Parameters<GuardedSession['setPermissionRequestHandler']>[0] | undefined;
  let check: Parameters<GuardedSession['setPermissionCheckHandler']>[0] | undefined;
  denyAllPermissions({ setPermissionRequestHandler: (handler) => (request = handler), setPermissionCheckHandler: (handler) => (check = handler) });
  for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
    request?.({}, permission, (granted) => asked.push(granted));
    assert.equal(check?.({}, permission), false);
  }
  assert.deepEqual(asked, [false, false, false, false, false, false]);
});
