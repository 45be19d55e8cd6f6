import type { ToolTask } from '../../../shared/servers/tool-task.ts';
import { oneLine } from './terminal-text.ts';

/**
 * One stderr line per progress notification (MCP Utilities → Progress): `progress 2/5 (40%): message`, or just
 * the count when the server gives no total. Lines, not a redrawn bar, so a log of the run reads the same.
 */
export function progressLine(progress: { progress: number; total?: number; message?: string }): string {
  const { total } = progress;
  const count = total !== undefined && total > 0 ? `${progress.progress}/${total} (${Math.min(100, Math.round((progress.progress / total) * 100))}%)` : `${progress.progress}`;
  const message = progress.message === undefined ? '' : oneLine(progress.message);
  return `switchboard: progress ${count}${message ? `: ${message}` : ''}\n`;
}

/**
 * One stderr line per change of a task's status or message (Tasks → Task Status): `task working: step 2 of 4`,
 * with how long it has run once it ended. Repeated polls that change nothing print nothing.
 */
export function taskLines(): (task: ToolTask) => string | undefined {
  let last: string | undefined;
  return (task) => {
    const message = task.statusMessage === undefined ? '' : oneLine(task.statusMessage);
    const key = `${task.status}\u0000${message}`;
    if (key === last) return undefined;
    last = key;
    const ran = task.endedAt === undefined ? '' : ` after ${((task.endedAt - task.startedAt) / 1000).toFixed(1)} s`;
    return `switchboard: task ${task.status.replace('_', ' ')}${ran}${message ? `: ${message}` : ''}\n`;
  };
}
