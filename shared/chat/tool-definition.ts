import type { Tool } from '@modelcontextprotocol/client';

/**
 * What a person approves when they allow a tool: everything the model is shown about it and everything that
 * changes what a call does. `_meta` keeps only the keys that change behaviour: the MCP Apps UI resource
 * (`ui`, and the older flat `ui/resourceUri`). Keys a server adds for its own bookkeeping do not reset approval.
 */
export interface PinnedDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Tool['inputSchema'];
  outputSchema?: Tool['outputSchema'];
  annotations?: Tool['annotations'];
  /** `execution.taskSupport`: whether a call may run as a task (server/tools § Tool, 2025-11-25). */
  execution?: Tool['execution'];
  _meta?: Record<string, unknown>;
}

const BEHAVIOUR_META_KEYS = ['ui', 'ui/resourceUri'] as const;

/** The pinned part of a tool as the server lists it; taking it of a pinned definition gives the same. */
export function pinnedDefinition(tool: Tool | PinnedDefinition): PinnedDefinition {
  const pinned: PinnedDefinition = { name: tool.name, inputSchema: tool.inputSchema };
  if (tool.title !== undefined) pinned.title = tool.title;
  if (tool.description !== undefined) pinned.description = tool.description;
  if (tool.outputSchema !== undefined) pinned.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) pinned.annotations = tool.annotations;
  if (tool.execution !== undefined) pinned.execution = tool.execution;
  const meta = tool._meta as Record<string, unknown> | undefined;
  if (meta) {
    const kept = BEHAVIOUR_META_KEYS.filter((key) => meta[key] !== undefined);
    if (kept.length > 0) pinned._meta = Object.fromEntries(kept.map((key) => [key, meta[key]]));
  }
  return pinned;
}

/** A tool whose definition differs from the one the person approved: it is not offered to the model until reviewed. */
export interface HeldTool {
  server: string;
  tool: string;
  /** When the definition it differs from was approved (epoch ms). */
  approvedAt: number;
  /** Whether the tool's switch is on; a switched-off tool is held but not missed. */
  enabled: boolean;
}
