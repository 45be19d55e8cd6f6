import type { z } from 'zod';
import type { tasksMethods, TasksResults } from '../../../shared/api/tasks-api.ts';
import type { TaskBoard } from '../servers/tasks/task-board.ts';

type TasksMethodName = keyof typeof tasksMethods;

export type TasksHandlers = {
  [M in TasksMethodName]: (params: z.output<(typeof tasksMethods)[M]>) => Promise<TasksResults[M]>;
};

/** The tasks part of HostApi: the tasks the host holds, and Stop for one of them. */
export function createTasksHandlers(tasks: TaskBoard): TasksHandlers {
  return {
    'tasks.list': async () => tasks.list(),
    'tasks.cancel': async ({ server, taskId }) => ({ cancelling: tasks.cancel(server, taskId) }),
  };
}
