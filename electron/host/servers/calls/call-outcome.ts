import { HostError } from '../../../../shared/api/host-error.ts';
import type { LogLevel } from '../../../../shared/servers/server-state.ts';

/**
 * The server log's line for a tool call that did not return a result. Timed out, cancelled and failed read apart
 * there as they do in the chat's card and in what the model is told (a denied call never reaches the server; the
 * chat notes it).
 */
export function callOutcomeLine(tool: string, error: unknown): { level: LogLevel; text: string } {
  const code = error instanceof HostError ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'timeout') return { level: 'warning', text: `tool call "${tool}" timed out: ${message}` };
  if (code === 'cancelled') return { level: 'info', text: `tool call "${tool}" was cancelled` };
  return { level: 'warning', text: `tool call "${tool}" failed: ${message}` };
}
