import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startHttpFixture } from '../../../tests/fixtures/servers/launch.ts';
import { createHarness, waitForState } from './test-support/manager-harness.ts';

/** Starts the 2024-11-05 HTTP+SSE test server; resolves with its base URL. */
async function startSseServer(t: { after: (fn: () => unknown) => void }): Promise<string> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'test-support', 'sse-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  t.after(async () => {
    child.kill();
    await exited;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the SSE server did not start')), 15_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const match = /listening (\S+)/.exec(chunk);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
}

test('an http entry that turns out to be an HTTP+SSE server falls back to SSE; an sse entry uses it directly', { timeout: 60_000 }, async (t) => {
  const base = await startSseServer(t);
  const harness = createHarness(t, {
    mcpServers: {
      guessed: { url: `${base}/sse` },
      explicit: { type: 'sse', url: `${base}/sse` },
      strict: { type: 'streamable-http', url: `${base}/sse` },
    },
  });
  await harness.manager.start();
  const states = Object.fromEntries((await harness.manager.settled(30_000)).map((state) => [state.name, state]));
  for (const name of ['guessed', 'explicit']) {
    assert.equal(states[name].status, 'connected', states[name].reason);
    assert.equal(states[name].transport, 'sse');
    assert.equal(states[name].era, 'legacy');
    const echo = await harness.manager.callTool(name, 'echo', { text: name });
    assert.deepEqual(echo.result.content, [{ type: 'text', text: name }]);
  }
  assert.ok(harness.manager.logs('guessed').some((entry) => entry.text === 'the server refused Streamable HTTP (HTTP 405); trying the older HTTP+SSE transport'));
  assert.equal(states.strict.status, 'error');
  assert.match(states.strict.reason ?? '', new RegExp(`^could not connect to ${base}/sse: .*405`));
});

test('a remote server that goes away is noticed at the next call and reconnected when it is back', { timeout: 60_000 }, async (t) => {
  let fixture = await startHttpFixture('modern');
  t.after(() => fixture.close());
  const port = new URL(fixture.url).port;
  const harness = createHarness(
    t,
    { mcpServers: { remote: { type: 'http', url: fixture.url, headers: { Authorization: 'Bearer top-secret' } } } },
    { restartPolicy: { baseDelayMs: 200, maxDelayMs: 400, maxAttempts: 20, stableAfterMs: 60_000 } },
  );
  await harness.manager.start();
  assert.equal((await harness.manager.settled(30_000))[0].status, 'connected');

  await fixture.close();
  await assert.rejects(harness.manager.callTool('remote', 'echo', { text: 'anyone?' }), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'server_unavailable');
    assert.match(error.message, /^server "remote" could not be reached \(connect ECONNREFUSED 127\.0\.0\.1:\d+\) while the call to tool "echo" was running$/);
    return true;
  });
  const lost = await waitForState(harness, 'remote', (state) => state.status === 'crashed');
  assert.match(lost.reason ?? '', /^the server could not be reached/);

  fixture = await startHttpFixture('modern', ['--port', port]);
  await waitForState(harness, 'remote', (state) => state.status === 'connected', 30_000);
  const echo = await harness.manager.callTool('remote', 'echo', { text: 'welcome back' });
  assert.deepEqual(echo.result.content, [{ type: 'text', text: 'welcome back' }]);
  const everything = JSON.stringify([harness.manager.list(), harness.manager.logs('remote')]);
  assert.ok(!everything.includes('top-secret'), 'header values never reach state or logs');
});
