import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureStdio, startHttpFixture } from '../../../../tests/fixtures/servers/launch.ts';
import type { HttpFixture } from '../../../../tests/fixtures/servers/launch.ts';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ToolTask } from '../../../../shared/servers/tool-task.ts';
import { startHumanHost } from '../../human/test-support/human-host.ts';
import type { HumanHost } from '../../human/test-support/human-host.ts';

function textOf(result: CallToolResult): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

// The 2026-07-28 `io.modelcontextprotocol/tasks` extension over stdio: ext-tasks drives it, over the host's raw
// request path (the SDK codec refuses `resultType: "task"`).
for (const transport of ['stdio', 'Streamable HTTP'] as const) {
  describe(`2026-07-28 tasks extension: the tasks fixture over ${transport}`, { timeout: 90_000 }, () => {
    let h: HumanHost;
    const http: HttpFixture[] = [];
    let folder: string;
    let events: string;
    const seen: ToolTask[] = [];
    const serverEvents = () => (existsSync(events) ? readFileSync(events, 'utf8').trim().split('\n') : []);
    const firstTask = (callId: string) =>
      new Promise<ToolTask>((resolve) => {
        const found = seen.find((task) => task.callId === callId);
        if (found) return resolve(found);
        const off = h.host.on('tasks.changed', (task) => {
          if (task.callId !== callId) return;
          off();
          resolve(task);
        });
      });

    before(async () => {
      folder = mkdtempSync(path.join(os.tmpdir(), 'sb-tasks-'));
      events = path.join(folder, 'events.log');
      const entry = async (): Promise<object> => {
        if (transport === 'stdio') return fixtureStdio('tasks', ['--events', events]);
        const server = await startHttpFixture('tasks', ['--events', events]);
        http.push(server);
        return { type: 'http', url: server.url };
      };
      h = await startHumanHost({ tasks: await entry(), limited: { ...(await entry()), timeout: { call: 1, max: 1.5 } } });
      h.host.on('tasks.changed', (task) => seen.push(task));
      for (const name of ['tasks', 'limited']) {
        const state = await h.serverState(name, (candidate) => candidate.status !== 'connecting');
        assert.equal(state.status, 'connected', state.reason);
        assert.equal(state.era, 'modern');
      }
    });

    after(async () => {
      await h?.close();
      await Promise.all(http.map((server) => server.close()));
      rmSync(folder, { recursive: true, force: true });
    });

    test('a task runs to its result, its statuses and messages are host events', async () => {
      const outcome = await h.host.servers.callTool('tasks', 'research', { topic: 'tides', steps: 3 }, { callId: 'tides' });
      assert.equal(textOf(outcome.result), 'research on tides: 3 steps, angle general');
      const mine = seen.filter((task) => task.callId === 'tides');
      assert.ok(mine.some((task) => task.statusMessage === 'step 2 of 3'), JSON.stringify(mine));
      assert.equal(mine.at(-1)?.status, 'completed');
      assert.equal(mine.at(-1)?.protocol, '2026-07-28');
      assert.ok(serverEvents().some((line) => line.startsWith('tools/call research')));
    });

    test('a call the server answers at once needs no task', async () => {
      const outcome = await h.host.servers.callTool('tasks', 'quick', {}, { callId: 'quick' });
      assert.equal(textOf(outcome.result), 'quick answer');
      assert.equal(seen.filter((task) => task.callId === 'quick').length, 0);
    });

    test('input_required: the question reaches the usual form, the answer goes back with tasks/update', async () => {
      const call = h.host.servers.callTool('tasks', 'research', { topic: 'moon', ask: true }, { callId: 'moon' });
      const form = await h.nextRequest('elicitation-form');
      assert.equal(form.server, 'tasks');
      assert.equal(form.payload.message, 'Which angle for "moon"?');
      assert.ok(seen.some((task) => task.callId === 'moon' && task.status === 'input_required'));
      h.host.consent.answer(form.id, { action: 'accept', content: { angle: 'tidal' } });
      assert.equal(textOf((await call).result), 'research on moon: 3 steps, angle tidal');
      assert.ok(serverEvents().some((line) => line.startsWith('tasks/update')));
    });

    test('Stop: the server hears tasks/cancel and the call ends as cancelled', async () => {
      const call = h.host.servers.callTool('tasks', 'research', { topic: 'stars', steps: 200, stepMs: 100 }, { callId: 'stars' });
      const task = await firstTask('stars');
      assert.deepEqual(await h.host.call('tasks.cancel', { server: 'tasks', taskId: task.taskId }), { cancelling: true });
      await assert.rejects(call, { code: 'cancelled' });
      assert.ok(serverEvents().includes(`tasks/cancel ${task.taskId}`));
      assert.equal(seen.filter((entry) => entry.taskId === task.taskId).at(-1)?.status, 'cancelled');
    });

    test('a failed task, a task over its time limit: failed and timed out, each its own outcome', async () => {
      await assert.rejects(h.host.servers.callTool('tasks', 'broken', {}), (error: { code: string; message: string }) => {
        assert.equal(error.code, 'request_failed');
        assert.match(error.message, /the lab burned down/);
        return true;
      });
      const slow = h.host.servers.callTool('limited', 'research', { topic: 'sand', steps: 200, stepMs: 100 }, { callId: 'sand' });
      await assert.rejects(slow, (error: { code: string; message: string }) => {
        assert.equal(error.code, 'timeout');
        assert.match(error.message, /ran longer than 1.5 s/);
        return true;
      });
      const task = seen.find((entry) => entry.callId === 'sand')!;
      assert.ok(serverEvents().includes(`tasks/cancel ${task.taskId}`), 'the host cancelled the task it gave up on');
    });

    test('a task whose server goes away ends as the server being unavailable, not as failed or cancelled', async () => {
      const call = h.host.servers.callTool('tasks', 'research', { topic: 'wind', steps: 200, stepMs: 100 }, { callId: 'wind' });
      await firstTask('wind');
      const ended = assert.rejects(call, (error: { code: string; message: string }) => {
        assert.equal(error.code, 'server_unavailable');
        assert.match(error.message, /the server was stopped while tool "research" on server "tasks" was running/);
        return true;
      });
      await h.host.servers.restart('tasks');
      await ended;
      assert.equal(seen.filter((task) => task.callId === 'wind').at(-1)?.status, 'failed');
      const state = await h.serverState('tasks', (candidate) => candidate.status === 'connected');
      assert.equal(state.status, 'connected');
    });
  });
}
