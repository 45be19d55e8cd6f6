import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/client';
import { canonicalJson } from '../bridge/json-schema.ts';

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
