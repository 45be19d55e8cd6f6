import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HostError } from '../../../shared/api/host-error.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { createHarness } from './test-support/manager-harness.ts';

// Server Features → Tools → Output Schema: a server that declares an outputSchema MUST return structured results that conform to it.
test('a result that fails the tool’s declared output schema is reported as the server’s fault', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { odd: fixtureStdio('modern', ['--mismatched-output']) } });
  await harness.manager.start();
  const [state] = await harness.manager.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  const listed = harness.manager.catalog('odd').tools.find((tool) => tool.name === 'mismatched_output');
  assert.ok(listed?.outputSchema, 'the tool is listed with its output schema');

  const error = await harness.manager.callTool('odd', 'mismatched_output', {}).then(
    () => assert.fail('the call should not succeed'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof HostError);
  assert.equal(error.code, 'request_failed');
  assert.match(error.message, /^server "odd" answered tool "mismatched_output", but the server's result does not match its declared schema: .*sum/);
  assert.doesNotMatch(error.message, /answered .* with an error/);
});
