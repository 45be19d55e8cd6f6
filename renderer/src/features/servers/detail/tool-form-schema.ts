import type { Tool } from '@modelcontextprotocol/client';

/**
 * The tool's input schema as the form should see it. `$schema` and `$id` go: the form's validator speaks one
 * draft and keeps schemas by id, and two tools may share an id or name a draft it does not load.
 */
export function formSchemaOf(inputSchema: Tool['inputSchema'] | undefined): Record<string, unknown> {
  const copy: Record<string, unknown> =
    inputSchema && typeof inputSchema === 'object' ? (JSON.parse(JSON.stringify(inputSchema)) as Record<string, unknown>) : {};
  delete copy.$schema;
  delete copy.$id;
  if (copy.type === undefined) copy.type = 'object';
  if (copy.type === 'object' && copy.properties === undefined) copy.properties = {};
  return copy;
}

export function hasInputs(schema: Record<string, unknown>): boolean {
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
}
