import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SANDBOX_ORIGIN, sandboxProtocolAnswer, sandboxSchemePrivileges } from './app-sandbox-config.ts';
import { APP_ORIGIN } from './trusted-sender.ts';

test('Electron frames MCP Apps from their own secure scheme, never from the app origin', () => {
  assert.notEqual(SANDBOX_ORIGIN, APP_ORIGIN);
  assert.equal(sandboxSchemePrivileges.privileges.standard, true);
  assert.equal(sandboxSchemePrivileges.privileges.secure, true);
  assert.equal(sandboxSchemePrivileges.privileges.bypassCSP, false);
  assert.equal(sandboxSchemePrivileges.privileges.supportFetchAPI, false);
});

test('the protocol answers the relay page, framable only by app://switchboard, and nothing on other hosts', () => {
  const page = sandboxProtocolAnswer(`${SANDBOX_ORIGIN}/sandbox?csp=%7B%7D`);
  assert.equal(page.status, 200);
  assert.match(page.headers['Content-Security-Policy'], new RegExp(`frame-ancestors ${APP_ORIGIN}$`));
  assert.equal(sandboxProtocolAnswer('switchboard-app://elsewhere/sandbox').status, 404);
  const dev = sandboxProtocolAnswer(`${SANDBOX_ORIGIN}/sandbox`, 'http://localhost:5173');
  assert.match(dev.headers['Content-Security-Policy'], new RegExp(`frame-ancestors ${APP_ORIGIN} http://localhost:5173$`));
  const odd = sandboxProtocolAnswer(`${SANDBOX_ORIGIN}/sandbox`, 'https://evil.example');
  assert.match(odd.headers['Content-Security-Policy'], new RegExp(`frame-ancestors ${APP_ORIGIN}$`));
  assert.equal(sandboxProtocolAnswer(`${SANDBOX_ORIGIN}/secrets.json`).status, 404);
});
