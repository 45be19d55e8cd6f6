import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { createHarness } from '../servers/test-support/manager-harness.ts';
import { createServersHandlers } from './servers-handlers.ts';

test('the servers handlers answer every method through the manager', { timeout: 60_000 }, async (t) => {
  const harness = createHarness(t, { mcpServers: { fixture: fixtureStdio('modern'), parked: { command: 'node', disabled: true } } });
  await harness.manager.start();
  await harness.manager.settled(30_000);
  const handlers = createServersHandlers(harness.manager);

  assert.deepEqual((await handlers['servers.list']({})).map((state) => [state.name, state.status]), [
    ['fixture', 'connected'],
    ['parked', 'disabled'],
  ]);
  assert.ok((await handlers['servers.catalog']({ server: 'fixture' })).tools.some((tool) => tool.name === 'echo'));
  assert.ok((await handlers['servers.logs']({ server: 'fixture' })).length > 0);
  assert.deepEqual(Object.keys((await handlers['servers.config']({})).entries), ['fixture', 'parked']);

  const imported = await handlers['servers.parseImport']({
    text: '{ "mcpServers": { "parked": { "command": "node" }, "fresh": { "url": "https://example.com/mcp" } } }',
  });
  assert.deepEqual(imported.candidates.map((candidate) => [candidate.name, candidate.exists]), [
    ['parked', true],
    ['fresh', false],
  ]);
  await assert.rejects(handlers['servers.parseImport']({ text: 'not json' }), { code: 'invalid_params' });

  const call = await handlers['tools.call']({ server: 'fixture', tool: 'echo', arguments: { text: 'via handler' } });
  assert.deepEqual(call.result.content, [{ type: 'text', text: 'via handler' }]);
  await assert.rejects(handlers['tools.call']({ server: 'fixture', tool: 'slow', arguments: { ms: 5_000 }, timeoutMs: 200 }), { code: 'timeout' });
  assert.match(JSON.stringify(await handlers['resources.read']({ server: 'fixture', uri: 'fixture://config' })), /answer/);
  assert.match(JSON.stringify(await handlers['prompts.get']({ server: 'fixture', name: 'greet', arguments: { name: 'Lin' } })), /Hello, Lin!/);

  const switched = await handlers['tools.setEnabled']({ server: 'fixture', tool: 'echo', enabled: false });
  assert.equal(switched.tools.find((tool) => tool.name === 'echo')?.enabled, false);

  assert.equal((await handlers['servers.add']({ name: 'extra', config: { command: 'node', disabled: true } })).status, 'disabled');
  assert.equal((await handlers['servers.update']({ name: 'extra', config: { command: 'node', disabled: true }, rename: 'extra2' })).name, 'extra2');
  assert.deepEqual(await handlers['servers.remove']({ server: 'extra2' }), { removed: 'extra2' });
  assert.equal((await handlers['servers.setEnabled']({ server: 'fixture', enabled: false })).status, 'disabled');
  await assert.rejects(handlers['servers.restart']({ server: 'fixture' }), { code: 'conflict' });
  assert.equal((await handlers['servers.setEnabled']({ server: 'fixture', enabled: true })).status, 'connected');
  assert.equal((await handlers['servers.restart']({ server: 'fixture' })).status, 'connected');
});
