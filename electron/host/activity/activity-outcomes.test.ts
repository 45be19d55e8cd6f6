import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ActivityEntry } from '../../../shared/activity/activity-types.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { Host } from '../host.ts';

/** A real Host with one fixture server of each era; every call goes through `tools.call` (Run tool). */
describe('the tool-call record files each outcome class, for both eras', () => {
  let host: Host;
  let dataDir: string;
  const recorded: ActivityEntry[] = [];

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-activity-'));
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: fixtureStdio('modern'), old: fixtureStdio('legacy') } }));
    host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
    const states = await host.servers.settled(30_000);
    for (const state of states) assert.equal(state.status, 'connected', `${state.name}: ${state.reason ?? ''}`);
    host.on('activity.recorded', (entry) => recorded.push(entry));
  });

  after(async () => {
    await host?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function outcomeOf(server: string, tool: string, args: Record<string, unknown>, timeoutMs?: number): Promise<ActivityEntry> {
    const before = recorded.length;
    await host.call('tools.call', { server, tool, arguments: args, ...(timeoutMs ? { timeoutMs } : {}) }).catch(() => undefined);
    assert.equal(recorded.length, before + 1, 'one entry per call');
    const entry = recorded.at(-1)!;
    const { entries } = (await host.call('activity.list', { limit: 1 })) as { entries: ActivityEntry[] };
    assert.deepEqual(entries[0], entry, 'the event carries the stored entry');
    return entry;
  }

  for (const server of ['fx', 'old']) {
    test(`${server}: ok, tool error, protocol error and timeout, each from Run tool by the person`, async () => {
      const ok = await outcomeOf(server, 'echo', { text: 'hi' });
      assert.equal(ok.outcome, 'ok');
      assert.equal(ok.source, 'run-tool');
      assert.equal(ok.approval, 'person');
      assert.equal(ok.server, server);
      assert.equal(ok.tool, 'echo');
      assert.ok(ok.resultBytes! > 0);
      assert.ok(ok.durationMs! >= 0);
      const detail = (await host.call('activity.get', { id: ok.id })) as { arguments: unknown; result: string };
      assert.deepEqual(detail.arguments, { text: 'hi' });
      assert.match(detail.result, /"text":"hi"/);

      const failed = await outcomeOf(server, 'fail', {});
      assert.equal(failed.outcome, 'tool-error');
      assert.equal(failed.error, 'this tool always fails');

      // Invalid arguments are a tool execution error, reported in the result (Server Features → Tools → Error Handling).
      const invalid = await outcomeOf(server, 'add', { a: 'not a number', b: 2 });
      assert.equal(invalid.outcome, 'tool-error', invalid.error);

      // The 2.x SDK answers an unknown tool with a JSON-RPC error; the 1.x SDK puts its -32602 text in an isError result.
      const unknown = await outcomeOf(server, 'no_such_tool', {});
      assert.equal(unknown.outcome, server === 'fx' ? 'protocol-error' : 'tool-error', unknown.error);
      assert.match(unknown.error!, /not found/i);

      const slow = await outcomeOf(server, 'slow', { ms: 5_000, steps: 1 }, 200);
      assert.equal(slow.outcome, 'timeout', slow.error);
      assert.match(slow.error!, /timed out/);
    });
  }

  test('a server that crashes during the call is a transport error', async () => {
    const crashed = await outcomeOf('fx', 'crash', { code: 3 });
    assert.equal(crashed.outcome, 'transport-error', crashed.error);
    assert.match(crashed.error!, /exited|closed/);
  });
});
