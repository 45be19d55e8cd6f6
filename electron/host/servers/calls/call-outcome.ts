import { HostError } from '../../../../shared/api/host-error.ts';
import type { ActivityOutcome } from '../../../../shared/activity/activity-types.ts';
import type { LogLevel } from '../../../../shared/servers/server-state.ts';
import { isAnsweredWithError } from '../call-errors.ts';

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

/**
 * The tool-call record's class for a call that did not return a result, from the same codes as the log line:
 * the server's JSON-RPC error answer (unknown tool, invalid params, -32042) is a protocol error; a refusal
 * before sending (a left-out tool) too; anything else that broke (connection lost, crash, HTTP failure) is
 * a transport error.
 */
export function callOutcomeClass(error: unknown): Exclude<ActivityOutcome, 'ok' | 'tool-error' | 'denied'> {
  const code = error instanceof HostError ? error.code : undefined;
  if (code === 'timeout') return 'timeout';
  if (code === 'cancelled') return 'cancelled';
  if (code === 'invalid_params' || isAnsweredWithError(error)) return 'protocol-error';
  return 'transport-error';
}
