/**
 * Issue #7, item 6: servers that send big or odd things. Real fixture servers of both eras, run with `--odd`
 * (and `--bad-schemas`), through the real ServerManager and the chat's tool offer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { offerTools } from '../../electron/host/chat/tool-offer.ts';
import { MAX_TOOL_DEPTH } from '../../electron/host/servers/catalog/tool-screen.ts';
import { MAX_STDIO_MESSAGE_BYTES } from '../../electron/host/servers/stdout-watch.ts';
import { createHarness, waitForLog, waitForState } from '../../electron/host/servers/test-support/manager-harness.ts';
import { fixtureStdio } from '../fixtures/servers/launch.ts';

const eras = ['modern', 'legacy'] as const;
const notJsonRpc = 'ignored a stdout line that is not JSON-RPC';

function textOf(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((block) => block.text ?? '').join('');
}

for (const era of eras) {
  test(`${era}: one invalid and one 10,000-deep tool schema are left out, with reasons; the server and its other tools stay`, { timeout: 60_000 }, async (t) => {
    const harness = createHarness(t, { mcpServers: { odd: fixtureStdio(era, ['--odd', '--bad-schemas']) } });
    await harness.manager.start();
    const [state] = await harness.manager.settled(30_000);
    assert.equal(state.status, 'connected', state.reason);

    const catalog = harness.manager.catalog('odd');
    const names = catalog.tools.map((tool) => tool.name);
    assert.ok(names.includes('echo') && names.includes('big_result'), names.join(', '));
    assert.ok(!names.includes('invalid_schema') && !names.includes('deep_schema'));
    const leftOut = Object.fromEntries((catalog.leftOutTools ?? []).map((entry) => [entry.name, entry.reason]));
    assert.deepEqual(Object.keys(leftOut).sort(), ['deep_schema', 'invalid_schema']);
    assert.match(leftOut.invalid_schema, /not a valid MCP tool: inputSchema\.type: .*"object"/);
    assert.equal(leftOut.deep_schema, `its definition nests deeper than ${MAX_TOOL_DEPTH} levels`);
    for (const name of ['invalid_schema', 'deep_schema']) {
      await waitForLog(harness, 'odd', (entry) => entry.level === 'warning' && entry.text === `left out tool "${name}": ${leftOut[name]}`);
    }

    const offered = offerTools(harness.manager, []).index.entries.map((entry) => entry.tool);
    assert.ok(offered.includes('echo'));
    assert.ok(!offered.includes('invalid_schema') && !offered.includes('deep_schema'), 'never offered to the model');
    await assert.rejects(harness.manager.callTool('odd', 'deep_schema', {}), { code: 'invalid_params', message: /was left out: its definition nests deeper/ });

    const echo = await harness.manager.callTool('odd', 'echo', { text: 'still here' });
    assert.equal(textOf(echo.result as never), 'still here');
  });

  test(`${era}: a valid 1 MB result arrives whole and the log has no "not JSON-RPC" warning`, { timeout: 60_000 }, async (t) => {
    const harness = createHarness(t, { mcpServers: { odd: fixtureStdio(era, ['--odd']) } });
    await harness.manager.start();
    await harness.manager.settled(30_000);
    const outcome = await harness.manager.callTool('odd', 'big_result', { chars: 1_000_000 });
    assert.equal(textOf(outcome.result as never).length, 1_000_000);
    await harness.manager.callTool('odd', 'echo', { text: 'after' });
    assert.deepEqual(harness.manager.logs('odd').filter((entry) => entry.text.includes(notJsonRpc)), []);
  });
}

test('a stdout line that is not JSON-RPC is reported once, cut short, with how much was left out', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { odd: fixtureStdio('legacy', ['--odd']) } });
  await harness.manager.start();
  await harness.manager.settled(30_000);
  await harness.manager.callTool('odd', 'stdout_line', { length: 100_000 });
  const warning = await waitForLog(harness, 'odd', (entry) => entry.text.includes(notJsonRpc));
  await harness.manager.callTool('odd', 'echo', { text: 'after' });
  const warnings = harness.manager.logs('odd').filter((entry) => entry.text.includes(notJsonRpc));
  assert.equal(warnings.length, 1, warnings.map((entry) => entry.text.slice(0, 80)).join('\n'));
  assert.ok(warning.text.length < 1_000, `${warning.text.length} characters`);
  assert.match(warning.text, /^ignored a stdout line that is not JSON-RPC: not json not json .*… \(97\.2 KB more\)$/);
});

for (const era of eras) {
  test(`${era}: a result over the size limit is reported as too big, with its size and the limit`, { timeout: 60_000 }, async (t) => {
    const harness = createHarness(t, { mcpServers: { odd: fixtureStdio(era, ['--odd']) } }, {
      restartPolicy: { baseDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 1, stableAfterMs: 60_000 },
    });
    await harness.manager.start();
    await harness.manager.settled(30_000);
    const chars = MAX_STDIO_MESSAGE_BYTES + 1024 * 1024;
    await assert.rejects(harness.manager.callTool('odd', 'big_result', { chars }), (error: Error) => {
      assert.match(error.message, /^server "odd" sent a message too big to accept \(11\.0 MB; the limit is 10\.0 MB\) while the call to tool "big_result" was running$/);
      return true;
    });
    const crashed = await waitForState(harness, 'odd', (state) => state.status === 'crashed');
    assert.match(crashed.reason ?? '', /^the server sent a message too big to accept \(11\.0 MB; the limit is 10\.0 MB\)/);
    assert.doesNotMatch(crashed.reason ?? '', /SIGTERM/);
  });
}
