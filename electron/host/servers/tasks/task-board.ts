import { isTerminalTaskStatus } from '../../../../shared/servers/tool-task.ts';
import type { ToolTask } from '../../../../shared/servers/tool-task.ts';
import type { TaskUpdate } from './connection-tasks.ts';

/** Tasks that ended are kept this many, so a window opened after the end still sees how each ended. */
const KEPT_ENDED = 50;
const MAX_STATUS_MESSAGE = 500;

interface Entry {
  task: ToolTask;
  /** Stops the call the task belongs to, which asks the server to cancel the task. */
  stop: () => void;
}

/**
 * The tasks the host holds, whoever started them (a chat turn, Run tool, the CLI): windows come and go, the
 * calls and their tasks stay in the host, and a window asks for this list when it (re)connects.
 */
export class TaskBoard {
  private readonly entries = new Map<string, Entry>();
  private readonly changed: (task: ToolTask) => void;
  private readonly now: () => number;

  constructor(changed: (task: ToolTask) => void, now: () => number = Date.now) {
    this.changed = changed;
    this.now = now;
  }

  update(names: Pick<ToolTask, 'server' | 'tool' | 'callId' | 'conversationId' | 'toolCallId'>, update: TaskUpdate, stop: () => void): void {
    const key = keyOf(names.server, update.taskId);
    const previous = this.entries.get(key);
    const at = this.now();
    const statusMessage = update.statusMessage?.slice(0, MAX_STATUS_MESSAGE);
    if (previous && previous.task.status === update.status && previous.task.statusMessage === statusMessage) return;
    if (previous?.task.endedAt !== undefined) return;
    const task: ToolTask = {
      ...names,
      taskId: update.taskId,
      status: update.status,
      ...(statusMessage === undefined ? {} : { statusMessage }),
      startedAt: previous?.task.startedAt ?? at,
      updatedAt: at,
      ...(isTerminalTaskStatus(update.status) ? { endedAt: at } : {}),
      protocol: update.protocol,
      cancellable: update.cancellable,
    };
    this.entries.set(key, { task, stop });
    if (task.endedAt !== undefined) this.forgetOldEnded();
    this.changed({ ...task });
  }

  list(): ToolTask[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.task }));
  }

  /** False when the host holds no running task by that id. */
  cancel(server: string, taskId: string): boolean {
    const entry = this.entries.get(keyOf(server, taskId));
    if (!entry || entry.task.endedAt !== undefined) return false;
    entry.stop();
    return true;
  }

  private forgetOldEnded(): void {
    const ended = [...this.entries.entries()].filter(([, entry]) => entry.task.endedAt !== undefined);
    for (const [key] of ended.slice(0, Math.max(0, ended.length - KEPT_ENDED))) this.entries.delete(key);
  }
}

function keyOf(server: string, taskId: string): string {
  return `${server}\u0000${taskId}`;
}
