import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { STORED_VALUE, WRITTEN_VALUE } from '../../../shared/servers/stored-values.ts';
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

test('env and header values never leave through the handlers; a marker sent back keeps the stored value', { timeout: 60_000 }, async (t) => {
  const envSecret = 'sk-env-secret-7f3a9c';
  const headerSecret = 'Bearer hdr-secret-42b8d1';
  const stored = {
    local: { ...fixtureStdio('modern'), env: { FIXTURE_SECRET: envSecret, REGION: 'eu-west' } },
    web: { url: 'https://example.com/mcp', headers: { Authorization: headerSecret, 'X-Team': 'blue' }, disabled: true },
  };
  const harness = createHarness(t, { mcpServers: stored });
  await harness.manager.start();
  await harness.manager.settled(30_000);
  const handlers = createServersHandlers(harness.manager);
  const onDisk = async () => JSON.parse(await readFile(harness.configPath, 'utf8')).mcpServers;
  const secretOf = async (name: string) => {
    const outcome = await handlers['tools.call']({ server: 'local', tool: 'env', arguments: { name } });
    return outcome.result.content[0]?.type === 'text' ? outcome.result.content[0].text : '';
  };
  const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

  const snapshot = await handlers['servers.config']({});
  assert.deepEqual(snapshot.entries, {
    local: { ...stored.local, env: { FIXTURE_SECRET: WRITTEN_VALUE, REGION: WRITTEN_VALUE } },
    web: { ...stored.web, headers: { Authorization: WRITTEN_VALUE, 'X-Team': WRITTEN_VALUE } },
  });
  const launch = (await handlers['servers.list']({})).find((state) => state.name === 'local')?.launch;
  assert.ok(launch?.transport === 'stdio');
  assert.deepEqual(launch.envKeys, ['FIXTURE_SECRET', 'REGION']);

  // Only the arguments change: the secret stays without being sent, and the restarted server still has it.
  const editedArgs = [...stored.local.args, '--name', 'edited'];
  const kept = await handlers['servers.update']({ name: 'local', config: { ...(snapshot.entries.local as object), args: editedArgs } });
  assert.equal(kept.status, 'connected', kept.reason);
  assert.equal(kept.serverInfo?.name, 'edited');
  assert.deepEqual((await onDisk()).local, { ...stored.local, args: editedArgs });
  assert.equal(await secretOf('FIXTURE_SECRET'), `FIXTURE_SECRET is set: ${envSecret.length} characters, sha256 ${sha256(envSecret)}`);

  // A new value replaces the stored one; a key left out is removed.
  await handlers['servers.update']({ name: 'local', config: { ...stored.local, args: editedArgs, env: { FIXTURE_SECRET: 'replaced' } } });
  assert.deepEqual((await onDisk()).local.env, { FIXTURE_SECRET: 'replaced' });
  assert.equal(await secretOf('REGION'), 'REGION is not set');

  // Headers, through a rename: kept, added, then removed.
  await handlers['servers.update']({
    name: 'web',
    rename: 'web2',
    config: { url: 'https://example.com/v2', headers: { Authorization: STORED_VALUE, 'X-New': 'n' }, disabled: true },
  });
  assert.deepEqual((await onDisk()).web2, { url: 'https://example.com/v2', headers: { Authorization: headerSecret, 'X-New': 'n' }, disabled: true });
  await handlers['servers.update']({ name: 'web2', config: { url: 'https://example.com/v2', headers: { 'X-New': STORED_VALUE }, disabled: true } });
  assert.deepEqual((await onDisk()).web2.headers, { 'X-New': 'n' });

  // A marker for a key that holds nothing, or in a new server, is refused and nothing is written.
  const before = await readFile(harness.configPath, 'utf8');
  await assert.rejects(handlers['servers.update']({ name: 'web2', config: { url: 'https://example.com/v2', headers: { Authorization: STORED_VALUE } } }), {
    code: 'invalid_params',
    message: 'mcpServers.web2.headers.Authorization: no value is stored for Authorization; enter the value',
  });
  await assert.rejects(handlers['servers.add']({ name: 'copy', config: { ...(snapshot.entries.local as object) } }), {
    code: 'invalid_params',
    message: 'mcpServers.copy.env.FIXTURE_SECRET: a new server has no stored value to keep; enter the value',
  });
  // An invalid header value is refused before fetch could quote it in an error.
  await assert.rejects(handlers['servers.add']({ name: 'bad', config: { url: 'https://example.com/mcp', headers: { Authorization: `${headerSecret}\nx` } } }), (error: Error) => {
    assert.match(error.message, /^mcpServers\.bad\.headers\.Authorization: a header value cannot hold line breaks/);
    return !error.message.includes('hdr-secret');
  });
  assert.equal(await readFile(harness.configPath, 'utf8'), before);

  // Pasted text comes from the window that gets the candidates back: its values are the person's own input.
  const imported = await handlers['servers.parseImport']({ text: JSON.stringify({ mcpServers: { pasted: { command: 'x', env: { K: 'typed' } } } }) });
  assert.deepEqual(imported.candidates[0]?.config, { command: 'x', env: { K: 'typed' } });

  const logs = [...(await handlers['servers.logs']({ server: 'local' })), ...(await handlers['servers.logs']({ server: 'web2' }))];
  const everything = JSON.stringify({ seen: harness.seen, config: await handlers['servers.config']({}), list: await handlers['servers.list']({}), logs });
  assert.ok(harness.seen['servers.configChanged'].length >= 4, 'config events were sent');
  for (const secret of [envSecret, 'hdr-secret', 'replaced', 'eu-west', 'blue']) assert.ok(!everything.includes(secret), `${secret} left the host`);
});
