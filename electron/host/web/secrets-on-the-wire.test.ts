import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { WRITTEN_VALUE } from '../../../shared/servers/stored-values.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { Host } from '../host.ts';
import { startWebServer } from './web-server.ts';

type Message = Record<string, unknown>;

/** A browser-mode client that keeps the text of every frame the host sent it. */
async function recordingClient(port: number, token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api`, { headers: { authorization: `Bearer ${token}` }, handshakeTimeout: 10_000 });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const frames: string[] = [];
  const waiters = new Set<{ matches: (message: Message) => boolean; resolve: (message: Message) => void }>();
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    frames.push(text);
    const message = JSON.parse(text) as Message;
    for (const waiter of [...waiters]) {
      if (!waiter.matches(message)) continue;
      waiters.delete(waiter);
      waiter.resolve(message);
    }
  });
  const next = (matches: (message: Message) => boolean): Promise<Message> =>
    new Promise((resolve, reject) => {
      const waiter = { matches, resolve };
      waiters.add(waiter);
      setTimeout(() => waiters.delete(waiter) && reject(new Error('no matching frame within 20 s')), 20_000).unref();
    });
  let nextId = 1;
  const call = (method: string, params: unknown): Promise<Message> => {
    const id = nextId++;
    const reply = next((message) => message.id === id && message.type !== 'event');
    socket.send(JSON.stringify({ type: 'call', id, method, params }));
    return reply;
  };
  return { frames, next, call, close: () => socket.close() };
}

test('env and header values never travel to a browser-mode client, in any result, error or event', { timeout: 90_000 }, async (t) => {
  const envSecret = 'sk-wire-env-5d81c2';
  const headerSecret = 'Bearer wire-hdr-93ae07';
  const rotatedSecret = 'Bearer wire-rotated-0c6f44';
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-wire-secrets-'));
  const rendererDir = path.join(root, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Switchboard</title>');
  const configPath = path.join(root, 'mcp.json');
  const local = { ...fixtureStdio('modern'), env: { WIRE_SECRET: envSecret } };
  const web = { url: 'https://example.com/mcp', headers: { Authorization: headerSecret }, disabled: true };
  writeFileSync(configPath, JSON.stringify({ mcpServers: { local, web } }));
  const host = await Host.start({ dataDir: path.join(root, 'data'), configPath, autoStart: true, serverTrust: 'config-is-consent' });
  const server = await startWebServer({ host, rendererDir });
  const client = await recordingClient(server.port, server.token);
  t.after(async () => {
    client.close();
    await server.close();
    await host.close();
    rmSync(root, { recursive: true, force: true });
  });
  await host.servers.settled(30_000);

  const config = (await client.call('servers.config', {})).result as { entries: Record<string, Record<string, unknown>> };
  // Written into mcp.json by hand: the marker says so, and the value stays in the file.
  assert.deepEqual(config.entries.local.env, { WIRE_SECRET: WRITTEN_VALUE });
  assert.deepEqual(config.entries.web.headers, { Authorization: WRITTEN_VALUE });

  // The edit form's round trip: the entry as the client got it, with new arguments.
  const editedArgs = [...local.args, '--name', 'wire-edited'];
  const updated = await client.call('servers.update', { name: 'local', config: { ...config.entries.local, args: editedArgs } });
  assert.equal((updated.result as { status: string }).status, 'connected');
  const echoed = await client.call('tools.call', { server: 'local', tool: 'env', arguments: { name: 'WIRE_SECRET' } });
  const sha256 = createHash('sha256').update(envSecret).digest('hex');
  assert.match(JSON.stringify(echoed.result), new RegExp(`WIRE_SECRET is set: ${envSecret.length} characters, sha256 ${sha256}`));

  const refused = await client.call('servers.add', { name: 'copy', config: config.entries.local });
  assert.deepEqual(refused.error, { code: 'invalid_params', message: 'mcpServers.copy.env.WIRE_SECRET: a new server has no stored value to keep; enter the value' });
  const badHeader = await client.call('servers.add', { name: 'bad', config: { url: 'https://example.com/mcp', headers: { Authorization: `${headerSecret}\nX-Injected: 1` } } });
  assert.equal((badHeader.error as { code: string }).code, 'invalid_params');

  // Someone edits mcp.json by hand: the event the watcher sends is redacted too.
  const file = JSON.parse(readFileSync(configPath, 'utf8')) as { mcpServers: Record<string, { headers?: Record<string, string> }> };
  file.mcpServers.web.headers = { Authorization: rotatedSecret, 'X-Extra': 'extra-value' };
  const changed = client.next((message) => message.event === 'servers.configChanged' && JSON.stringify(message).includes('X-Extra'));
  writeFileSync(configPath, JSON.stringify(file));
  const event = (await changed).payload as { entries: Record<string, Record<string, unknown>> };
  assert.deepEqual(event.entries.web.headers, { Authorization: WRITTEN_VALUE, 'X-Extra': WRITTEN_VALUE });

  await client.call('servers.logs', { server: 'local' });
  await client.call('servers.list', {});
  const events = client.frames.filter((frame) => frame.startsWith('{"type":"event"'));
  assert.ok(events.some((frame) => frame.includes('"servers.configChanged"')) && events.some((frame) => frame.includes('"servers.log"')));
  for (const secret of [envSecret, 'wire-hdr-93ae07', 'wire-rotated-0c6f44', 'extra-value']) {
    const leaks = client.frames.filter((frame) => frame.includes(secret));
    assert.deepEqual(leaks, [], `${secret} was sent to the client`);
  }
  assert.equal(JSON.parse(readFileSync(configPath, 'utf8')).mcpServers.local.env.WIRE_SECRET, envSecret);
});
