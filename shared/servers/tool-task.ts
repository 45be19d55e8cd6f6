/** The states of a task (2025-11-25 Tasks and the 2026-07-28 `io.modelcontextprotocol/tasks` extension alike). */
export type ToolTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/**
 * A tool call the server runs as a task, as the host holds it: it outlives windows, so a reloaded page asks
 * `tasks.list` and then follows `tasks.changed`.
 */
export interface ToolTask {
  server: string;
  tool: string;
  /** The server's task id. */
  taskId: string;
  status: ToolTaskStatus;
  /** The server's status message, at most 500 characters. */
  statusMessage?: string;
  /** Epoch ms the host created the task and last heard of it. */
  startedAt: number;
  updatedAt: number;
  /** Set once the task ended (any terminal status). */
  endedAt?: number;
  /** Which era's tasks: `2025-11-25` (tasks/get, tasks/result) or `2026-07-28` (the tasks extension). */
  protocol: '2025-11-25' | '2026-07-28';
  /** Whether the server lets the host cancel it (`tasks/cancel`). */
  cancellable: boolean;
  /** The Run tool call it belongs to, as the caller named it. */
  callId?: string;
  conversationId?: string;
  toolCallId?: string;
}

export function isTerminalTaskStatus(status: ToolTaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
