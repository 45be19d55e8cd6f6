import type { StateCreator } from 'zustand';
import type { ToolTask } from '../../../shared/servers/tool-task.ts';

/**
 * The tasks the host holds (`tasks.list` at each (re)connect, then `tasks.changed`), keyed by the call they belong
 * to: the chat's tool call id, or the caller's `callId` (Run tool). A call runs at most one task.
 */
export interface TasksSlice {
  callTasks: Record<string, ToolTask>;
  taskReceived(task: ToolTask): void;
  tasksReceived(tasks: ToolTask[]): void;
}

export function taskKey(task: ToolTask): string | undefined {
  return task.toolCallId ?? task.callId;
}

export const createTasksSlice: StateCreator<TasksSlice, [], [], TasksSlice> = (set) => ({
  callTasks: {},
  taskReceived: (task) => {
    const key = taskKey(task);
    if (key === undefined) return;
    set((state) => ({ callTasks: { ...state.callTasks, [key]: task } }));
  },
  tasksReceived: (tasks) => {
    const callTasks: Record<string, ToolTask> = {};
    for (const task of [...tasks].sort((a, b) => a.updatedAt - b.updatedAt)) {
      const key = taskKey(task);
      if (key !== undefined) callTasks[key] = task;
    }
    set({ callTasks });
  },
});
