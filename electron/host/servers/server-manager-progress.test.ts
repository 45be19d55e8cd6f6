import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStdio, startHttpFixture } from '../../../tests/fixtures/servers/launch.ts';
import { createHarness, waitForLog } from './test-support/manager-harness.ts';
import type { Harness } from './test-support/manager-harness.ts';

/** Utilities → Progress: progress keeps a long call alive up to the server's maximum, in both eras. */
const cases = [
  { label: '2026-07-28 over stdio', era: 'modern' },
  { label: '2025 over stdio', era: 'legacy' },
  { label: '2025 over sessionful Streamable HTTP', era: 'legacy', http: true },
] as const;

// Small limits from the server's own entry in mcp.json: 1 s without progress, 6 s in all, so a 2.4 s call still fits
// when a loaded machine (load average 15 on 2 cores) stretches it past 3 s.
const timeout = { call: 1, max: 6 };

for (const spec of cases) {
  describe(spec.label, { timeout: 60_000 }, () => {
    async function started(t: Parameters<typeof createHarness>[0]): Promise<Harness> {
      let raw: object;
      if ('http' in spec) {
        const fixture = await startHttpFixture('legacy', ['--late-progress']);
        t.after(() => fixture.close());
        raw = { type: 'http', url: fixture.url };
      } else {
        raw = fixtureStdio(spec.era, ['--late-progress']);
      }
      const harness = createHarness(t, { mcpServers: { fixture: { ...raw, timeout } } });
      await harness.manager.start();
      const [state] = await harness.manager.settled(30_000);
      assert.equal(state?.status, 'connected', state?.reason);
      return harness;
    }

    test('a call longer than the call timeout completes while progress keeps coming, and its progress is a host event', async (t) => {
      const harness = await started(t);
      const outcome = await harness.manager.callTool('fixture', 'slow', { ms: 2_400, steps: 12 }, { callId: 'run-1' });
      assert.equal(outcome.result.content[0]?.type === 'text' && outcome.result.content[0].text, 'waited 2400 ms in 12 steps');
      const events = harness.seen['servers.callProgress'];
      assert.ok(events.length >= 2, `progress events reached the host event stream (${events.length})`);
      assert.deepEqual(events[0], { server: 'fixture', tool: 'slow', callId: 'run-1', progress: 0, total: 12, message: 'step 1 of 12' });
    });

    test('a call without progress stops at the call timeout, a call with progress at the maximum, each saying which', async (t) => {
      const harness = await started(t);
      await assert.rejects(harness.manager.callTool('fixture', 'slow', { ms: 20_000, steps: 1 }), {
        code: 'timeout',
        message: 'tool "slow" on server "fixture" timed out: no progress for 1 s',
      });
      await assert.rejects(harness.manager.callTool('fixture', 'slow', { ms: 20_000, steps: 200 }), {
        code: 'timeout',
        message: 'tool "slow" on server "fixture" timed out: ran longer than 6 s',
      });
    });

    // Over HTTP the call's response stream is closed by then, so the server has nowhere to send it.
    test('progress that arrives after the result is dropped without a word in the log', { skip: 'http' in spec }, async (t) => {
      const harness = await started(t);
      const outcome = await harness.manager.callTool('fixture', 'late_progress', {});
      assert.equal(outcome.result.content[0]?.type === 'text' && outcome.result.content[0].text, 'done already');
      // The server logs after sending its late progress, on the same stream: once that line is here, so was the progress.
      await waitForLog(harness, 'fixture', (entry) => entry.text.includes('late progress sent'));
      const warnings = harness.manager.logs('fixture').filter((entry) => entry.level === 'warning');
      assert.deepEqual(warnings.map((entry) => entry.text), []);
    });
  });
}
