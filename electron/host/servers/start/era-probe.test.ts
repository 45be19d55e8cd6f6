import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fixtureStdio } from '../../../../tests/fixtures/servers/launch.ts';
import type { FixtureKind } from '../../../../tests/fixtures/servers/launch.ts';
import { probeEraInPlace } from './era-probe.ts';

const clientInfo = { name: 'era-probe-test', version: '0.0.0' };

function transportFor(t: { after(fn: () => unknown): void }, kind: FixtureKind, args: string[] = []): StdioClientTransport {
  const { command, args: fixtureArgs } = fixtureStdio(kind, args);
  const transport = new StdioClientTransport({ command, args: fixtureArgs, stderr: 'ignore' });
  t.after(() => transport.close());
  return transport;
}

test('a 2026 server answers the probe, and the client connects on the same process with that verdict', { timeout: 30_000 }, async (t) => {
  const transport = transportFor(t, 'modern');
  const outcome = await probeEraInPlace(transport, { clientInfo, capabilities: {}, timeoutMs: 15_000 });
  assert.equal(outcome.kind, 'modern');
  const pid = transport.pid;
  const client = new Client(clientInfo);
  await client.connect(transport, { prior: { kind: 'modern', discover: outcome.kind === 'modern' ? outcome.discover : assert.fail() } });
  assert.equal(client.getProtocolEra(), 'modern');
  assert.ok((await client.listTools()).tools.length > 0);
  assert.equal(transport.pid, pid, 'the same process serves the session');
  await client.close();
});

test('a 2025 server answers with method not found, and is initialized on the same process', { timeout: 30_000 }, async (t) => {
  const transport = transportFor(t, 'legacy');
  const outcome = await probeEraInPlace(transport, { clientInfo, capabilities: {}, timeoutMs: 15_000 });
  assert.deepEqual(outcome, { kind: 'legacy', detail: 'answered server/discover with error -32601 (Method not found)' });
  const pid = transport.pid;
  const client = new Client(clientInfo);
  await client.connect(transport, { prior: { kind: 'legacy' } });
  assert.equal(client.getProtocolEra(), 'legacy');
  assert.equal(transport.pid, pid);
  await client.close();
});

test('a server that exits on the probe reads as closed, and one that is slow as a timeout', { timeout: 30_000 }, async (t) => {
  const dying = transportFor(t, 'legacy', ['--exit-on-unknown-method']);
  assert.deepEqual(await probeEraInPlace(dying, { clientInfo, capabilities: {}, timeoutMs: 15_000 }), { kind: 'closed' });
  const slow = transportFor(t, 'modern', ['--start-delay-ms', '3000']);
  assert.deepEqual(await probeEraInPlace(slow, { clientInfo, capabilities: {}, timeoutMs: 200 }), { kind: 'timeout' });
});
