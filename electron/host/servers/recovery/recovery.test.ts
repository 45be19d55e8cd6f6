import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHttpFixture } from '../../../../tests/fixtures/servers/launch.ts';
import { createHarness, waitForLog, waitForState } from '../test-support/manager-harness.ts';

interface Proxy {
  url: string;
  /** The next `times` POSTs whose body contains `marker` have their response cut after the first chunk of its body. */
  cutNext(marker: string, times?: number): void;
  /** The `Last-Event-ID` headers of the requests that passed. */
  resumedFrom: string[];
  close(): Promise<void>;
}

/** A plain HTTP proxy in front of a fixture, able to cut one response mid-stream as a dropped connection would. */
async function startProxy(target: string): Promise<Proxy> {
  const upstream = new URL(target);
  let cutMarker: string | undefined;
  let cutsLeft = 0;
  const resumedFrom: string[] = [];
  const server = createServer((incoming, outgoing) => {
    const lastEventId = incoming.headers['last-event-id'];
    if (typeof lastEventId === 'string') resumedFrom.push(lastEventId);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const cut = cutMarker !== undefined && body.toString('utf8').includes(cutMarker);
      if (cut && --cutsLeft === 0) cutMarker = undefined;
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.on('data', (chunk: Buffer) => {
            outgoing.write(chunk);
            // The headers and this first event reach the client; then the connection goes, mid-answer.
            if (cut) {
              answer.destroy();
              setTimeout(() => outgoing.socket?.destroy(), 200);
            }
          });
          answer.on('end', () => outgoing.end());
        },
      );
      forward.on('error', () => outgoing.socket?.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    cutNext: (marker, times = 1) => {
      cutMarker = marker;
      cutsLeft = times;
    },
    resumedFrom,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fixture of `kind` behind a proxy, and a manager connected to it through the proxy (no liveness checks). */
async function connectedThroughProxy(t: Parameters<typeof createHarness>[0], kind: 'legacy' | 'modern', args: string[] = [], entry: Record<string, unknown> = {}) {
  const fixture = await startHttpFixture(kind, args);
  t.after(() => fixture.close());
  const proxy = await startProxy(fixture.url);
  t.after(() => proxy.close());
  const harness = createHarness(t, { mcpServers: { remote: { type: 'http', url: proxy.url, ...entry } } }, { recovery: { livenessIntervalMs: 0 } });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  return { harness, proxy, state };
}

test('a 2025-era HTTP server restarted under the host: the 404 for the old session starts a new one and the call goes through', { timeout: 60_000 }, async (t) => {
  let fixture = await startHttpFixture('legacy');
  t.after(() => fixture.close());
  const port = new URL(fixture.url).port;
  const harness = createHarness(t, { mcpServers: { remote: { type: 'http', url: fixture.url } } }, { recovery: { livenessIntervalMs: 0 } });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.era, 'legacy');

  await fixture.close();
  fixture = await startHttpFixture('legacy', ['--port', port]);
  const echo = await harness.manager.callTool('remote', 'echo', { text: 'new session' });
  assert.deepEqual(echo.result.content, [{ type: 'text', text: 'new session' }]);
  assert.equal(harness.manager.get('remote')?.status, 'connected');
  const texts = harness.manager.logs('remote').map((entry) => entry.text);
  assert.ok(texts.includes('the server no longer knows this session (HTTP 404); starting a new one'), texts.join('\n'));
  assert.ok(!texts.some((text) => text.includes('Session not found')), 'the 404 it handled is not logged as an error');
  // Notifications reach the host again: the new session's log level was set, so the tool's log line arrives.
  await harness.manager.callTool('remote', 'log', { level: 'info', message: 'after the new session' });
  await waitForLog(harness, 'remote', (entry) => entry.source === 'server' && entry.text.includes('after the new session'));
});

test('a response stream cut mid-answer fails the call at once as a dropped connection, not a timeout', { timeout: 60_000 }, async (t) => {
  const { harness, proxy } = await connectedThroughProxy(t, 'legacy', [], { timeout: { call: 30, max: 60 } });

  proxy.cutNext('"name":"slow"');
  const started = Date.now();
  await assert.rejects(harness.manager.callTool('remote', 'slow', { ms: 20_000, steps: 20 }), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'server_unavailable');
    assert.equal(error.message, 'the connection to server "remote" dropped before it answered tool "slow"');
    return true;
  });
  assert.ok(Date.now() - started < 10_000, `failed after ${Date.now() - started} ms`);
  const echo = await harness.manager.callTool('remote', 'echo', { text: 'still here' });
  assert.deepEqual(echo.result.content, [{ type: 'text', text: 'still here' }]);
});

test('a cut response stream of a server that keeps its events is resumed with Last-Event-ID and the call completes', { timeout: 60_000 }, async (t) => {
  const { harness, proxy } = await connectedThroughProxy(t, 'legacy', ['--resumable']);

  proxy.cutNext('"name":"slow"');
  const slow = await harness.manager.callTool('remote', 'slow', { ms: 1_500, steps: 3 });
  assert.deepEqual(slow.result.content, [{ type: 'text', text: 'waited 1500 ms in 3 steps' }]);
  assert.equal(proxy.resumedFrom.length, 1, 'the client resumed the cut stream once');
  assert.equal(harness.manager.get('remote')?.status, 'connected');
});

test('a 2026-era request whose response stream is cut is re-issued once under a new id; cut again, it fails at once', { timeout: 60_000 }, async (t) => {
  const { harness, proxy, state } = await connectedThroughProxy(t, 'modern', [], { timeout: { call: 30, max: 60 } });
  assert.equal(state.era, 'modern');

  proxy.cutNext('"name":"slow"');
  const slow = await harness.manager.callTool('remote', 'slow', { ms: 600, steps: 3 });
  assert.deepEqual(slow.result.content, [{ type: 'text', text: 'waited 600 ms in 3 steps' }]);
  assert.ok(harness.manager.logs('remote').some((entry) => entry.text === 'the connection dropped before the server answered; sending the request again'));

  proxy.cutNext('"name":"slow"', 2);
  const started = Date.now();
  await assert.rejects(harness.manager.callTool('remote', 'slow', { ms: 20_000, steps: 20 }), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'server_unavailable');
    assert.equal(error.message, 'the connection to server "remote" dropped before it answered tool "slow"');
    return true;
  });
  assert.ok(Date.now() - started < 10_000, `failed after ${Date.now() - started} ms`);
});

for (const era of ['legacy', 'modern'] as const) {
  test(`an idle ${era}-era remote server that died is shown lost, then reconnected when it is back`, { timeout: 60_000 }, async (t) => {
    let fixture = await startHttpFixture(era);
    t.after(() => fixture.close());
    const port = new URL(fixture.url).port;
    const harness = createHarness(
      t,
      { mcpServers: { remote: { type: 'http', url: fixture.url } } },
      {
        recovery: { livenessIntervalMs: 300, livenessTimeoutMs: 2_000 },
        restartPolicy: { baseDelayMs: 200, maxDelayMs: 400, maxAttempts: 50, stableAfterMs: 60_000 },
      },
    );
    await harness.manager.start();
    const [state] = await harness.manager.settled(30_000);
    assert.equal(state.status, 'connected', state.reason);
    assert.equal(state.era, era);

    await fixture.close();
    const lost = await waitForState(harness, 'remote', (entry) => entry.status === 'crashed', 10_000);
    assert.match(lost.reason ?? '', /^the server could not be reached \(.*ECONNREFUSED/);
    fixture = await startHttpFixture(era, ['--port', port]);
    await waitForState(harness, 'remote', (entry) => entry.status === 'connected', 30_000);
    const echo = await harness.manager.callTool('remote', 'echo', { text: 'back' });
    assert.deepEqual(echo.result.content, [{ type: 'text', text: 'back' }]);
  });
}

test('a 2026-era HTTP server without a list method its capabilities suggest connects with a warning', { timeout: 60_000 }, async (t) => {
  const fixture = await startHttpFixture('modern', ['--without-method', 'prompts/list']);
  t.after(() => fixture.close());
  const harness = createHarness(t, { mcpServers: { remote: { type: 'http', url: fixture.url } } }, { recovery: { livenessIntervalMs: 0 } });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  assert.equal(state.transport, 'http');
  assert.equal(state.era, 'modern');
  const texts = harness.manager.logs('remote').map((entry) => entry.text);
  assert.ok(texts.includes('the server advertises prompts but does not implement prompts/list'), texts.join('\n'));
  assert.ok(!texts.some((text) => text.includes('HTTP+SSE')), texts.join('\n'));
  assert.ok((harness.manager.catalog('remote')?.tools.length ?? 0) > 0);
});
