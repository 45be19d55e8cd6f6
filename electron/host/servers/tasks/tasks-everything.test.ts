import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ToolTask } from '../../../../shared/servers/tool-task.ts';
import { startHumanHost } from '../../human/test-support/human-host.ts';
import type { HumanHost } from '../../human/test-support/human-host.ts';
import { publishedServer } from '../test-support/manager-harness.ts';

function textOf(result: CallToolResult): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** server-everything's Streamable HTTP transport (sessions, 2025 era) on a free port. */
async function everythingOverHttp(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const { command, args } = publishedServer('everything');
  const child = spawn(command, [args[0]!, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('listening on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

// server-everything (SDK 1.x, 2025-11-25 Tasks): simulate-research-query has taskSupport "required", so a plain
// tools/call fails; the host calls it as a task, follows it with tasks/get, and takes the result with tasks/result.
for (const transport of ['stdio', 'Streamable HTTP'] as const) {
  describe(`2025-11-25 tasks: server-everything over ${transport}`, { timeout: 90_000 }, () => {
    let h: HumanHost;
    let http: ChildProcess | undefined;
    const seen: ToolTask[] = [];

    before(async () => {
      let entry: object = publishedServer('everything');
      if (transport === 'Streamable HTTP') {
        const server = await everythingOverHttp();
        http = server.child;
        entry = { type: 'http', url: server.url };
      }
      h = await startHumanHost({ everything: entry });
      h.host.on('tasks.changed', (task) => seen.push(task));
      const state = await h.serverState('everything', (candidate) => candidate.status !== 'connecting');
      assert.equal(state.status, 'connected', state.reason);
    });

    after(async () => {
      await h?.close();
      http?.kill();
    });

    test('the research tool is offered, and runs to its report as a task whose statuses are host events', async () => {
      assert.ok(h.host.servers.catalog('everything').tools.some((tool) => tool.name === 'simulate-research-query'));
      const outcome = await h.host.servers.callTool('everything', 'simulate-research-query', { topic: 'tides' }, { callId: 'run-tides' });
      assert.match(textOf(outcome.result), /# Research Report: tides/);
      const mine = seen.filter((task) => task.callId === 'run-tides');
      assert.ok(mine.some((task) => task.status === 'working' && task.statusMessage === 'Analyzing content...'), JSON.stringify(mine));
      assert.equal(mine.at(-1)?.status, 'completed');
      assert.equal(mine.at(-1)?.protocol, '2025-11-25');
      const listed = ((await h.host.call('tasks.list', {})) as ToolTask[]).find((task) => task.taskId === mine[0]!.taskId);
      assert.equal(listed?.status, 'completed');
      assert.ok(listed.endedAt! >= listed.startedAt);
    });

    test('a task that needs input asks through the usual form, then completes with the answer', async () => {
      const call = h.host.servers.callTool('everything', 'simulate-research-query', { topic: 'python', ambiguous: true }, { callId: 'run-python' });
      const form = await h.nextRequest('elicitation-form');
      assert.match(form.payload.message, /could have multiple interpretations/);
      assert.ok(seen.some((task) => task.callId === 'run-python' && task.status === 'input_required'));
      h.host.consent.answer(form.id, { action: 'accept', content: { interpretation: 'snake' } });
      const outcome = await call;
      assert.match(textOf(outcome.result), /Research Report: python \(snake\)/);
    });

    test('Stop cancels the task on the server: tasks/cancel, and the call ends as cancelled', async () => {
      const call = h.host.servers.callTool('everything', 'simulate-research-query', { topic: 'stars' }, { callId: 'run-stars' });
      const task = await new Promise<ToolTask>((resolve) => {
        const off = h.host.on('tasks.changed', (changed) => {
          if (changed.callId !== 'run-stars') return;
          off();
          resolve(changed);
        });
      });
      assert.equal(task.cancellable, true);
      assert.deepEqual(await h.host.call('tasks.cancel', { server: 'everything', taskId: task.taskId }), { cancelling: true });
      await assert.rejects(call, { code: 'cancelled' });
      const last = seen.filter((entry) => entry.taskId === task.taskId).at(-1);
      assert.equal(last?.status, 'cancelled');
    });
  });
}
