import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureStdio, startHttpFixture } from '../../../tests/fixtures/servers/launch.ts';
import { Host } from '../host.ts';
import { launchFingerprint } from '../consent/launch-fingerprint.ts';
import { startHumanHost } from './test-support/human-host.ts';

const SECRET = 'tok-5f0e1d2c3b4a';

// MCP security best practices, Local MCP Server Compromise (SEP-1024): a local server's exact command is shown
// and trusted before it first runs, and again whenever what it runs changes.
describe('server trust', () => {
  test('the first start waits for trust, shows the exact launch without env values, and starts once trusted', async () => {
    const entry = { ...fixtureStdio('legacy', ['--name', 'first']), env: { API_TOKEN: SECRET } };
    const h = await startHumanHost({ fx: entry }, { serverTrust: 'ask' });
    try {
      const waiting = await h.serverState('fx', (state) => state.status === 'awaiting-trust' && state.trust?.requestId !== undefined);
      assert.match(waiting.reason ?? '', /new server/);
      assert.equal(waiting.trust?.trusted, false);
      assert.equal(waiting.trust?.fingerprint, launchFingerprint(entry));
      const request = await h.nextRequest('server-trust');
      assert.equal(request.id, waiting.trust?.requestId);
      assert.equal(request.server, 'fx');
      assert.equal(request.payload.changed, false);
      const { review } = request.payload;
      assert.ok(review.transport === 'stdio');
      assert.equal(review.command, process.execPath);
      assert.deepEqual(review.args, entry.args);
      assert.deepEqual(review.envKeys, ['API_TOKEN']);
      assert.ok(!JSON.stringify(request).includes(SECRET), 'env values never reach the window');

      h.host.consent.answer(request.id, { decision: 'trust' });
      const connected = await h.serverState('fx', (state) => state.status === 'connected');
      assert.deepEqual(connected.trust, { trusted: true, fingerprint: launchFingerprint(entry) });

      // The same launch does not ask again, also after a restart.
      await h.host.call('servers.restart', { server: 'fx' });
      assert.equal(h.host.servers.get('fx')?.status, 'connected');
      assert.equal(h.opened.filter((opened) => opened.kind === 'server-trust').length, 1);
    } finally {
      await h.close();
    }
  });

  test('a changed command asks again; denied, it stays untrusted until trusted from the servers view', async () => {
    const h = await startHumanHost({ fx: fixtureStdio('legacy') }, { serverTrust: 'ask' });
    try {
      h.host.consent.answer((await h.nextRequest('server-trust')).id, { decision: 'trust' });
      await h.serverState('fx', (state) => state.status === 'connected');

      const edited = fixtureStdio('legacy', ['--name', 'edited']);
      // The edit returns while the question waits: whoever edits is not held until the person answers.
      const waiting = (await h.host.call('servers.update', { name: 'fx', config: edited })) as { status: string; reason?: string; trust?: { requestId?: string } };
      assert.equal(waiting.status, 'awaiting-trust');
      assert.match(waiting.reason ?? '', /changed/);
      const again = await h.nextRequest('server-trust');
      assert.equal(waiting.trust?.requestId, again.id);
      assert.equal(again.payload.changed, true);
      assert.equal(again.payload.fingerprint, launchFingerprint(edited));
      h.host.consent.answer(again.id, { decision: 'deny' });
      const denied = await h.serverState('fx', (state) => state.status === 'untrusted');
      assert.match(denied.reason ?? '', /did not trust/);
      await assert.rejects(h.host.servers.callTool('fx', 'echo', { text: 'x' }), { code: 'server_unavailable' });

      const asked = (await h.host.call('servers.trust', { server: 'fx' })) as { status: string; trust?: { requestId?: string } };
      assert.equal(asked.status, 'awaiting-trust');
      const third = await h.nextRequest('server-trust');
      assert.equal(asked.trust?.requestId, third.id);
      h.host.consent.answer(third.id, { decision: 'trust' });
      await h.serverState('fx', (state) => state.status === 'connected');

      // Revoking asks again before the next start.
      const revoked = (await h.host.call('servers.revokeTrust', { server: 'fx' })) as { status: string };
      assert.equal(revoked.status, 'awaiting-trust');
      const fourth = await h.nextRequest('server-trust');
      // Removing a server that waits for trust closes its question.
      await h.host.call('servers.remove', { server: 'fx' });
      assert.equal((await h.closedEvent(fourth.id)).outcome, 'cancelled');
    } finally {
      await h.close();
    }
  });

  test('a remote server is reviewed too: its URL and header names, never header values', async () => {
    const fixture = await startHttpFixture('modern');
    const entry = { type: 'http', url: fixture.url, headers: { Authorization: `Bearer ${SECRET}` } };
    const h = await startHumanHost({ remote: entry }, { serverTrust: 'ask' });
    try {
      const request = await h.nextRequest('server-trust');
      const { review } = request.payload;
      assert.ok(review.transport === 'http');
      assert.equal(review.url, fixture.url);
      assert.deepEqual(review.headerKeys, ['Authorization']);
      assert.ok(!JSON.stringify(request).includes(SECRET));
      assert.equal(h.host.servers.get('remote')?.status, 'awaiting-trust');
      h.host.consent.answer(request.id, { decision: 'trust' });
      await h.serverState('remote', (state) => state.status === 'connected');
    } finally {
      await h.close();
      await fixture.close();
    }
  });

  test('trust is remembered across restarts of the app; trust for one start only is not', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-trust-'));
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { kept: fixtureStdio('legacy'), once: fixtureStdio('legacy', ['--name', 'once']) } }));
    try {
      const first = await Host.start({ dataDir, configPath, autoStart: false });
      const answered = new Set<string>();
      await new Promise<void>((resolve) => {
        const answer = () => {
          for (const request of first.consent.open()) {
            if (request.kind !== 'server-trust' || answered.has(request.id)) continue;
            answered.add(request.id);
            first.consent.answer(request.id, { decision: 'trust', remember: request.server === 'kept' });
          }
          if (answered.size === 2) resolve();
        };
        first.on('consent.opened', answer);
        void first.servers.start();
      });
      await new Promise<void>((resolve) => {
        const check = () => first.servers.list().every((state) => state.status === 'connected') && (stop(), resolve());
        const stop = first.on('servers.changed', check);
        check();
      });
      await first.close();

      const second = await Host.start({ dataDir, configPath });
      try {
        const after = await second.servers.settled(30_000);
        assert.deepEqual(Object.fromEntries(after.map((state) => [state.name, state.status])), { kept: 'connected', once: 'awaiting-trust' });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the CLI runs the file named with --config without asking; without --config an untrusted server does not start', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-trust-cli-'));
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: fixtureStdio('legacy') } }));
    try {
      const named = await runCli(['call', '--config', configPath, '--data-dir', dataDir, 'fx', 'echo', '--args', '{"text":"named"}']);
      assert.equal(named.code, 0, named.stderr);
      assert.match(named.stdout, /named/);
      const unnamed = await runCli(['call', '--data-dir', dataDir, 'fx', 'echo', '--args', '{"text":"unnamed"}']);
      assert.equal(unnamed.code, 1);
      assert.match(unnamed.stderr, /awaiting-trust/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const bin = fileURLToPath(new URL('../../../bin/switchboard.mjs', import.meta.url));

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SWITCHBOARD_FROM_SOURCES: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
