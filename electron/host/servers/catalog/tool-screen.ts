import { specTypeSchemas } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import type { LeftOutTool } from '../../../../shared/servers/server-state.ts';

/**
 * How deep a tool definition may nest, counted in JSON objects and arrays. Real definitions stay under 30
 * (the bridge keeps 64 schema levels, and a level under `properties` is two JSON levels); every step after
 * the catalog (zod, JSON.stringify, structuredClone, the bridge, IPC) recurses and runs out of stack in the
 * thousands, so 128 leaves room for any real schema and a wide margin below the first crash.
 */
export const MAX_TOOL_DEPTH = 128;

export type Screened = { ok: true; tool: Tool } | { ok: false; leftOut: LeftOutTool };

/** Whether `value` nests deeper than `limit`; walks with its own stack, so no depth can overflow it. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

function nameOf(raw: unknown): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : '(no name)';
}

/**
 * One tool as a server listed it, checked on its own so that one bad definition costs that tool and not the
 * server: deep nesting first (before anything recursive reads it), then the shape MCP gives a Tool (schema.ts,
 * `Tool`: `inputSchema` is an object schema, `type: "object"`).
 */
export function screenTool(raw: unknown): Screened {
  const name = nameOf(raw);
  if (nestsDeeperThan(raw, MAX_TOOL_DEPTH)) {
    return { ok: false, leftOut: { name, reason: `its definition nests deeper than ${MAX_TOOL_DEPTH} levels` } };
  }
  const checked = specTypeSchemas.Tool['~standard'].validate(raw);
  if (checked instanceof Promise) throw new TypeError('the Tool schema validates asynchronously');
  if (checked.issues) {
    const [issue] = checked.issues;
    const where = (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)).join('.');
    return { ok: false, leftOut: { name, reason: `its definition is not a valid MCP tool: ${where ? `${where}: ` : ''}${issue.message}` } };
  }
  // As listed, not as parsed: parsing drops fields the 2025 shape does not know.
  return { ok: true, tool: raw as Tool };
}

export function screenTools(raws: readonly unknown[]): { tools: Tool[]; leftOut: LeftOutTool[] } {
  const tools: Tool[] = [];
  const leftOut: LeftOutTool[] = [];
  for (const raw of raws) {
    const screened = screenTool(raw);
    if (screened.ok) tools.push(screened.tool);
    else leftOut.push(screened.leftOut);
  }
  return { tools, leftOut };
}
