import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { startLoopbackCallback } from './loopback-callback.ts';
import type { CallbackError } from './loopback-callback.ts';

/** A GET with a chosen Host header, which fetch does not allow setting. */
function get(port: number, pathAndQuery: string, host = `127.0.0.1:${port}`): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path: pathAndQuery, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

test('takes one request to /callback with the expected state; other paths, other hosts and later requests do not count', { timeout: 10_000 }, async () => {
  const callback = await startLoopbackCallback({ port: 0, timeoutMs: 10_000 });
  assert.equal(callback.redirectUrl, `http://127.0.0.1:${callback.port}/callback`);
  callback.expectState('s'.repeat(43));

  assert.equal((await get(callback.port, '/favicon.ico')).status, 404);
  // A page on another name resolving to 127.0.0.1 (DNS rebinding) is turned away without using up the callback.
  assert.equal((await get(callback.port, `/callback?code=x&state=${'s'.repeat(43)}`, `attacker.example:${callback.port}`)).status, 404);

  const page = await get(callback.port, `/callback?code=the-code&state=${'s'.repeat(43)}&iss=https%3A%2F%2Fas.example`);
  assert.equal(page.status, 200);
  assert.match(page.body, /You can close this tab/);
  assert.ok(!page.body.includes('the-code'), 'the page does not repeat the code');
  assert.equal(page.headers['referrer-policy'], 'no-referrer');
  assert.equal(page.headers['cache-control'], 'no-store');

  const params = await callback.result;
  assert.equal(params.get('code'), 'the-code');
  assert.equal(params.get('iss'), 'https://as.example');
  // The port is closed right after: nothing else can reach it.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await assert.rejects(get(callback.port, '/callback'), /ECONNREFUSED/);
});

test('a callback before the state is known, or with another state, fails the sign-in; so does silence', { timeout: 10_000 }, async () => {
  const early = await startLoopbackCallback({ port: 0, timeoutMs: 10_000 });
  assert.equal((await get(early.port, '/callback?code=c&state=anything')).status, 400);
  await assert.rejects(early.result, (error: CallbackError) => error.kind === 'state-mismatch');

  const forged = await startLoopbackCallback({ port: 0, timeoutMs: 10_000 });
  forged.expectState('expected-state');
  const answer = await get(forged.port, '/callback?code=c&state=expected-statf');
  assert.equal(answer.status, 400);
  assert.match(answer.body, /did not start this sign-in/);
  await assert.rejects(forged.result, (error: CallbackError) => error.kind === 'state-mismatch' && /state did not match/.test(error.message));

  const missing = await startLoopbackCallback({ port: 0, timeoutMs: 10_000 });
  missing.expectState('expected-state');
  assert.equal((await get(missing.port, '/callback?code=c')).status, 400);
  await assert.rejects(missing.result, (error: CallbackError) => error.kind === 'state-mismatch');

  const silent = await startLoopbackCallback({ port: 0, timeoutMs: 200 });
  await assert.rejects(silent.result, (error: CallbackError) => {
    assert.equal(error.kind, 'timeout');
    assert.equal(error.message, 'the browser did not come back from the sign-in page within 1 second');
    return true;
  });

  const stopped = await startLoopbackCallback({ port: 0, timeoutMs: 10_000 });
  stopped.close();
  await assert.rejects(stopped.result, (error: CallbackError) => error.kind === 'closed');
});

test('listens on 127.0.0.1 only, and reports a taken port instead of sharing it', { timeout: 10_000 }, async () => {
  const callback = await startLoopbackCallback({ port: 0, timeoutMs: 10_000 });
  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
  if (external) {
    await assert.rejects(
      new Promise((resolve, reject) => {
        const outgoing = request({ host: external.address, port: callback.port, path: '/callback' }, resolve);
        outgoing.once('error', reject);
        outgoing.end();
      }),
      /ECONNREFUSED/,
    );
  }
  await assert.rejects(startLoopbackCallback({ port: callback.port, timeoutMs: 1_000 }), /EADDRINUSE/);
  callback.close();

  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  await assert.rejects(startLoopbackCallback({ port: (blocker.address() as AddressInfo).port, timeoutMs: 1_000 }), (error: NodeJS.ErrnoException) => error.code === 'EADDRINUSE');
  await new Promise((resolve) => blocker.close(resolve));
});
