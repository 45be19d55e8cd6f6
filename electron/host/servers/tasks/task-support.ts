import type { ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import type { LeftOutTool, ProtocolEra } from '../../../../shared/servers/server-state.ts';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * Whether tool calls on a connection can be tasks, and which protocol carries them:
 * - 2025-11-25 (Tasks): the server declares `tasks.requests.tools.call`; tools say `execution.taskSupport`.
 * - 2026-07-28: the server declares the `io.modelcontextprotocol/tasks` extension (an empty object); the
 *   server decides per call whether it answers with a task, once the request declares the extension too.
 */
export type TaskSupport =
  | { kind: 'v1'; cancellable: boolean }
  | { kind: 'v2' }
  | { kind: 'none'; reason: string };

export function taskSupportOf(era: ProtocolEra | undefined, capabilities: ServerCapabilities | undefined): TaskSupport {
  if (era === 'modern') {
    const extension = (capabilities?.extensions as Record<string, unknown> | undefined)?.[TASKS_EXTENSION];
    if (isEmptyObject(extension)) return { kind: 'v2' };
    return { kind: 'none', reason: `the server does not declare the ${TASKS_EXTENSION} extension` };
  }
  const tasks = (capabilities as { tasks?: { requests?: { tools?: { call?: unknown } }; cancel?: unknown } } | undefined)?.tasks;
  if (tasks?.requests?.tools?.call === undefined) return { kind: 'none', reason: 'the server does not declare tasks for tools/call' };
  return { kind: 'v1', cancellable: tasks.cancel !== undefined };
}

export function taskSupportOfTool(tool: Tool): 'required' | 'optional' | 'forbidden' {
  const support = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
  return support === 'required' || support === 'optional' ? support : 'forbidden';
}

/**
 * Which calls go through the task glue. 2025-11-25: tools that require tasks, and those that allow them, since a
 * task is held by the host beyond one request's life, shows its status, and can be cancelled on the server.
 * 2026-07-28: every call, since there the server decides (the extension has no per-tool declaration).
 */
export function callsAsTask(support: TaskSupport, tool: Tool | undefined): boolean {
  if (support.kind === 'v2') return true;
  if (support.kind === 'none' || !tool) return false;
  return taskSupportOfTool(tool) !== 'forbidden';
}

/**
 * A tool that requires tasks cannot run on a connection without them (Tools → taskSupport "required": the
 * client MUST call it as a task); it is left out of the catalog with why, so it is never offered or called.
 */
export function screenTaskTools(support: TaskSupport, tools: Tool[]): { tools: Tool[]; leftOut: LeftOutTool[] } {
  if (support.kind !== 'none') return { tools, leftOut: [] };
  const leftOut: LeftOutTool[] = [];
  const kept = tools.filter((tool) => {
    if (taskSupportOfTool(tool) !== 'required') return true;
    leftOut.push({ name: tool.name, reason: `it must run as a task, and this connection cannot do tasks: ${support.reason}` });
    return false;
  });
  return { tools: kept, leftOut };
}

/**
 * Whether a plain tools/call was refused because the tool must run as a task (2025-11-25, Tasks → Tool-Level
 * Negotiation: a server MUST answer -32601 to a call without `task` for a tool whose taskSupport is "required").
 * Servers on SDK v1 put that error into an `isError` result ("MCP error -32601: Tool x requires task augmentation").
 */
export function refusedForTask(outcome: unknown): boolean {
  if (outcome instanceof Error) return (outcome as { code?: unknown }).code === METHOD_NOT_FOUND;
  const result = outcome as { isError?: unknown; content?: unknown } | undefined;
  if (result?.isError !== true || !Array.isArray(result.content) || result.content.length !== 1) return false;
  const [item] = result.content as { type?: unknown; text?: unknown }[];
  return item?.type === 'text' && typeof item.text === 'string' && item.text.includes(String(METHOD_NOT_FOUND)) && /requires task/i.test(item.text);
}

const METHOD_NOT_FOUND = -32601;

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
