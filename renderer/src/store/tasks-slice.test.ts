import { assert, test } from '../test-support/node-test.mjs';
import { createAppStore } from './app-store.ts';
import type { ToolTask } from '../../../shared/servers/tool-task.ts';

const task = (patch: Partial<ToolTask>): ToolTask => ({
  server: 's',
  tool: 't',
  taskId: 'task-1',
  status: 'working',
  startedAt: 1,
  updatedAt: 1,
  protocol: '2025-11-25',
  cancellable: true,
  ...patch,
});

test('tasks are kept by the call they belong to; a fetched list replaces them, the latest per call winning', () => {
  const store = createAppStore();
  store.getState().taskReceived(task({ toolCallId: 'call-a', statusMessage: 'one' }));
  store.getState().taskReceived(task({ toolCallId: 'call-a', statusMessage: 'two', updatedAt: 2 }));
  store.getState().taskReceived(task({ taskId: 'task-x' }));
  assert.equal(store.getState().callTasks['call-a']?.statusMessage, 'two');
  assert.equal(Object.keys(store.getState().callTasks).length, 1, 'a task that names no call is not kept');
  store.getState().tasksReceived([task({ callId: 'run', updatedAt: 5, status: 'completed' }), task({ callId: 'run', taskId: 'older', updatedAt: 3 })]);
  assert.deepEqual(Object.keys(store.getState().callTasks), ['run']);
  assert.equal(store.getState().callTasks.run?.status, 'completed');
});
