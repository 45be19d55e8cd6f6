import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ToolTask } from '../../../../shared/servers/tool-task.ts';
import { startHumanHost } from '../../human/test-support/human-host.ts';
import type { HumanHost } from '../../human/test-support/human-host.ts';
import { publishedServer } from '../test-support/manager-harness.ts';

function textOf(result: CallToolResult): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

// server-everything (SDK 1.x, 2025-11-25 Tasks): simulate-research-query has taskSupport "required", so a plain
// tools/call fails; the host calls it as a task, follows it with tasks/get, and takes the result with tasks/result.
describe('2025-11-25 tasks: server-everything over stdio', { timeout: 90_000 }, () => {
  let h: HumanHost;
  const seen: ToolTask[] = [];

  before(async () => {
    h = await startHumanHost({ everything: publishedServer('everything') });
    h.host.on('tasks.changed', (task) => seen.push(task));
    const state = await h.serverState('everything', (candidate) => candidate.status !== 'connecting');
    assert.equal(state.status, 'connected', state.reason);
  });

  after(async () => {
    await h?.close();
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
