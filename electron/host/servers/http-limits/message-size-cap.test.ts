import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness } from '../test-support/manager-harness.ts';
import { startHostileServer } from '../test-support/hostile-http-server.ts';
import { cappedFetch, MAX_HTTP_MESSAGE_BYTES, MessageTooLargeError } from './message-size-cap.ts';

function served(chunks: string[], contentType: string, headers: Record<string, string> = {}): typeof fetch {
  return async () =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
      { headers: { 'content-type': contentType, ...headers } },
    );
}

describe('cappedFetch', () => {
  test('a JSON body over the limit fails; one at the limit is read whole', async () => {
    await assert.rejects(cappedFetch(served(['{"a":"', 'xxxxxxxxxx', '"}'], 'application/json'), 16)('http://x/mcp').then((r) => r.text()), MessageTooLargeError);
    assert.equal(await (await cappedFetch(served(['{"a":"', 'xxxxxxxx', '"}'], 'application/json'), 16)('http://x/mcp')).text(), '{"a":"xxxxxxxx"}');
  });

  test('an event stream is measured per event: many small events pass, one large event fails, wherever the chunks split', async () => {
    const small = Array.from({ length: 20 }, (_, index) => `data: ${index}\n\n`).join('');
    const split = [...small].map((character) => character);
    assert.equal(await (await cappedFetch(served(split, 'text/event-stream'), 16)('http://x/mcp')).text(), small);
    assert.equal(await (await cappedFetch(served([small.replaceAll('\n', '\r\n')], 'text/event-stream'), 16)('http://x/mcp')).text(), small.replaceAll('\n', '\r\n'));
    await assert.rejects(cappedFetch(served(['data: 1\n\n', 'data: ', 'x'.repeat(8), '\ndata: more\n\n'], 'text/event-stream'), 16)('http://x/mcp').then((r) => r.text()), MessageTooLargeError);
  });

  test('a declared Content-Length over the limit is refused before the body is read', async () => {
    await assert.rejects(cappedFetch(served(['{}'], 'application/json', { 'content-length': '100' }), 16)('http://x/mcp'), {
      name: 'MessageTooLargeError',
      message: /^the server sent a message larger than 16 bytes, the most Switchboard reads from a remote server; it was not read$/,
    });
  });
});

const floods = [
  { mode: 'json', revision: '2025-11-25' },
  { mode: 'sse', revision: '2025-11-25' },
  // A 2026-07-28 request whose stream broke is sent again (http-recovery.ts); not one cut off for size.
  { mode: 'sse', revision: '2026-07-28' },
] as const;

for (const { mode, revision } of floods) {
  test(`a ${revision} server streaming an endless ${mode === 'json' ? 'JSON body' : 'SSE event'} gets a clear error at 32 MiB, and the host stops reading`, { timeout: 60_000 }, async (t) => {
    const hostile = await startHostileServer(mode, revision === '2026-07-28');
    t.after(() => hostile.close());
    const harness = createHarness(t, { mcpServers: { hostile: { type: 'http', url: hostile.url, protocolVersion: revision } } }, { restartPolicy: { maxAttempts: 0 } });
    await harness.manager.start();
    const [state] = await harness.manager.settled(20_000);
    assert.equal(state.status, 'connected', state.reason);
    await assert.rejects(harness.manager.callTool('hostile', 'flood', {}, { timeoutMs: 30_000 }), (error: Error) => {
      assert.match(error.message, /the server sent a message larger than 32 MiB, the most Switchboard reads from a remote server/);
      return true;
    });
    // What was in flight when the host stopped (socket buffers) is all that went out beyond the limit.
    assert.ok(hostile.sent() < MAX_HTTP_MESSAGE_BYTES + 16 * 1024 * 1024, `sent ${hostile.sent()} bytes`);
    const sentThen = hostile.sent();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(hostile.sent() - sentThen < 1024 * 1024, 'the flood stopped once the host gave up on it');
    const after = await harness.manager.callTool('hostile', 'small', {});
    assert.equal(after.result.content[0]?.type === 'text' && after.result.content[0].text, 'still here');
  });
}
