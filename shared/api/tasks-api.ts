import { z } from 'zod';
import type { ToolTask } from '../servers/tool-task.ts';

export const tasksMethods = {
  /** The tasks the host holds: those running and the last ones that ended. */
  'tasks.list': z.object({}).strict(),
  /** Asks the server to cancel a running task (`tasks/cancel`); the call it belongs to ends as cancelled. */
  'tasks.cancel': z.object({ server: z.string().min(1), taskId: z.string().min(1).max(1_000) }).strict(),
} as const;

export interface TasksResults {
  'tasks.list': ToolTask[];
  'tasks.cancel': { cancelling: boolean };
}

export interface TasksEvents {
  /** One task, whenever its status, message or end changes. */
  'tasks.changed': ToolTask;
}

export const tasksEventNames = ['tasks.changed'] as const satisfies readonly (keyof TasksEvents)[];
