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
