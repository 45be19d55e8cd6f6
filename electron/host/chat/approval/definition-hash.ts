import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/client';

/** JSON with object keys sorted at every depth, so the same definition always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What a grant was given for: the tool's name, description, input schema and annotations. A server that changes
 * any of them (a "rug pull": same name, new behaviour) no longer has the person's approval.
 */
export function toolDefinitionHash(tool: Pick<Tool, 'name' | 'description' | 'inputSchema' | 'annotations'>): string {
  const definition = {
    name: tool.name,
    description: tool.description ?? null,
    inputSchema: tool.inputSchema ?? null,
    annotations: tool.annotations ?? null,
  };
  return createHash('sha256').update(canonicalJson(definition)).digest('hex');
}
