import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStdio, startHttpFixture } from '../../../tests/fixtures/servers/launch.ts';
import type { HttpFixture } from '../../../tests/fixtures/servers/launch.ts';
import { createHarness, waitForLog } from './test-support/manager-harness.ts';
import type { Harness } from './test-support/manager-harness.ts';

/** Both protocol eras over both transports: the same surface must look the same to the rest of the host. */
const cases = [
  { label: '2026-07-28 over stdio', era: 'modern' },
  { label: '2025 over stdio', era: 'legacy' },
  { label: '2026-07-28 over Streamable HTTP', era: 'modern', http: 'modern' },
  { label: '2025 over sessionful Streamable HTTP', era: 'legacy', http: 'legacy' },
] as const;

for (const spec of cases) {
  describe(spec.label, { timeout: 90_000 }, () => {
    async function started(t: Parameters<typeof createHarness>[0], extra: string[] = []): Promise<Harness> {
      let raw: unknown;
      if ('http' in spec) {
        const fixture: HttpFixture = await startHttpFixture(spec.http, extra);
        t.after(() => fixture.close());
        raw = { type: 'http', url: fixture.url };
      } else {
        raw = fixtureStdio(spec.era === 'modern' ? 'modern' : 'legacy', extra);
      }
      const harness = createHarness(t, { mcpServers: { fixture: raw } });
      await harness.manager.start();
      await harness.manager.settled(30_000);
      return harness;
    }

    test('connects in the right era, lists every page, calls tools, and refreshes on list-changed', async (t) => {
      const harness = await started(t, ['--extra-tools', '15']);
      const state = harness.manager.get('fixture');
      assert.equal(state?.status, 'connected', state?.reason);
      assert.equal(state.era, spec.era);
      assert.equal(state.protocolVersion === '2026-07-28', spec.era === 'modern');
      assert.ok(state.protocolVersion, 'a negotiated protocol version');
      assert.ok(state.instructions?.startsWith('Switchboard test fixture'));
      // 13 fixture tools + 15 extra + 5 that ask the person, served 10 per page: the catalog holds all of them.
      assert.equal(state.counts.tools, 33);
      assert.deepEqual(
        { resources: state.counts.resources, resourceTemplates: state.counts.resourceTemplates, prompts: state.counts.prompts },
        { resources: 2, resourceTemplates: 1, prompts: 1 },
      );
      const catalog = harness.manager.catalog('fixture');
      assert.ok(catalog.tools.some((tool) => tool.name === 'extra_15' && tool.enabled));

      const sum = await harness.manager.callTool('fixture', 'add', { a: 2, b: 3 });
      assert.deepEqual(sum.result.structuredContent, { sum: 5 });
      assert.ok(sum.durationMs >= 0);

      const progress: number[] = [];
      const slow = await harness.manager.callTool('fixture', 'slow', { ms: 200, steps: 4 }, { onProgress: (p) => progress.push(p.progress) });
      assert.equal(slow.result.content[0]?.type === 'text' && slow.result.content[0].text, 'waited 200 ms in 4 steps');
      assert.ok(progress.length >= 1, 'progress notifications reached the callback');

      const readme = await harness.manager.readResource('fixture', 'fixture://readme');
      assert.match(JSON.stringify(readme.contents), /Fixture server/);
      const prompt = await harness.manager.getPrompt('fixture', 'greet', { name: 'Ada' });
      assert.match(JSON.stringify(prompt.messages), /Hello, Ada!/);

      // Server logging (notifications/message) lands in the server's log with its level.
      await harness.manager.callTool('fixture', 'log', { level: 'warning', message: 'disk almost full' });
      const logged = await waitForLog(harness, 'fixture', (entry) => entry.source === 'server' && entry.text.includes('disk almost full'));
      assert.equal(logged.level, 'warning');

      // list-changed: on 2025 a notification, on 2026 the subscriptions/listen stream the SDK opens.
      const changed = new Promise<void>((resolve) => {
        const off = harness.events.on('servers.catalogChanged', (catalog) => {
          if (catalog.server === 'fixture' && catalog.tools.some((tool) => tool.name === 'brand_new')) {
            off();
            resolve();
          }
        });
      });
      await harness.manager.callTool('fixture', 'add_tool', { name: 'brand_new' });
      await changed;
      assert.equal(harness.manager.get('fixture')?.counts.tools, 34);
    });

    test('an unknown tool and a timed-out call fail with precise errors; a cancelled call says so', async (t) => {
      const harness = await started(t);
      // 2026 servers answer an unknown tool with a protocol error; the 2025 SDK reports it as a tool error result.
      if (spec.era === 'modern') {
        await assert.rejects(harness.manager.callTool('fixture', 'no_such_tool', {}), (error: Error & { code?: string }) => {
          assert.equal(error.code, 'request_failed');
          assert.match(error.message, /^server "fixture" answered tool "no_such_tool" with an error \(-32602\): .*no_such_tool/);
          return true;
        });
      } else {
        const outcome = await harness.manager.callTool('fixture', 'no_such_tool', {});
        assert.equal(outcome.result.isError, true);
      }
      await assert.rejects(harness.manager.callTool('fixture', 'slow', { ms: 5_000, steps: 5 }, { timeoutMs: 300 }), {
        code: 'timeout',
        message: 'tool "slow" on server "fixture" timed out: no progress for 300 ms',
      });
      const controller = new AbortController();
      const call = harness.manager.callTool('fixture', 'slow', { ms: 5_000, steps: 5 }, { signal: controller.signal, onProgress: () => controller.abort() });
      await assert.rejects(call, { code: 'cancelled', message: 'the call to tool "slow" on server "fixture" was cancelled' });
      // The server is still usable afterwards.
      const echo = await harness.manager.callTool('fixture', 'echo', { text: 'still here' });
      assert.equal(echo.result.content[0]?.type === 'text' && echo.result.content[0].text, 'still here');
    });

    test('the era verdict is remembered and reused by the next start', async (t) => {
      const first = await started(t);
      assert.ok(first.manager.logs('fixture').some((entry) => entry.text.includes('probing its protocol era')));
      await first.close();
      const second = first.reopen();
      await second.manager.start();
      const [state] = await second.manager.settled(30_000);
      assert.equal(state.status, 'connected', state.reason);
      assert.equal(state.era, spec.era);
      assert.ok(second.manager.logs('fixture').some((entry) => entry.text.includes(`as a ${spec.era}-era server (remembered)`)));
      await second.manager.callTool('fixture', 'echo', { text: 'hi' });
      // A remembered 2026 verdict skips discovery, and with it the SDK's automatic subscriptions/listen:
      // list-changed must still arrive.
      const changed = new Promise<void>((resolve) => {
        const off = second.events.on('servers.catalogChanged', (catalog) => {
          if (catalog.server === 'fixture' && catalog.tools.some((tool) => tool.name === 'after_restart')) {
            off();
            resolve();
          }
        });
      });
      await second.manager.callTool('fixture', 'add_tool', { name: 'after_restart' });
      await changed;
    });
  });
}
