import { useEffect, useState } from 'react';
import { isTerminalTaskStatus } from '../../../shared/servers/tool-task.ts';
import type { ToolTask, ToolTaskStatus } from '../../../shared/servers/tool-task.ts';
import { useHostApi } from '../app/host-context.tsx';
import { errorMessage } from './error-message.ts';
import { ServerText } from './ServerText.tsx';

const LABEL: Record<ToolTaskStatus, string> = {
  working: 'Task working',
  input_required: 'Task waiting for input',
  completed: 'Task completed',
  failed: 'Task failed',
  cancelled: 'Task cancelled',
};

/** How long it has run: whole seconds, then minutes and seconds. */
export function taskElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * A tool call that runs as a task, as the host holds it: its status and the server's message, how long it has
 * run, and Stop, which asks the server to cancel it (`tasks/cancel`).
 */
export function TaskStatus({ task }: { task: ToolTask }) {
  const api = useHostApi();
  const running = !isTerminalTaskStatus(task.status);
  const [now, setNow] = useState(() => Date.now());
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const elapsed = (task.endedAt ?? Math.max(now, task.updatedAt)) - task.startedAt;
  const stop = () => {
    setStopping(true);
    api.call('tasks.cancel', { server: task.server, taskId: task.taskId }).catch((reason: unknown) => {
      setStopping(false);
      setError(errorMessage(reason));
    });
  };
  return (
    <div className={`task-status task-status-${task.status}`} data-task-status={task.status} aria-live="polite">
      <span className="task-status-label">{LABEL[task.status]}</span>
      {task.statusMessage && (
        <span className="task-status-message small">
          <ServerText text={task.statusMessage} />
        </span>
      )}
      <span className="task-status-elapsed muted small" title={`Task ${task.taskId}`}>
        {running ? 'for ' : 'after '}
        {taskElapsed(elapsed)}
      </span>
      {running && task.cancellable && (
        <button type="button" className="button button-small" onClick={stop} disabled={stopping}>
          {stopping ? 'Stopping…' : 'Stop task'}
        </button>
      )}
      {error && <span className="task-status-error small">{error}</span>}
    </div>
  );
}
