import type { SchemaObject } from './json-schema.ts';
import { cleanSubschema, newCleanState, settleLocalRefs } from './schema-clean.ts';
import { toObjectRoot } from './schema-root.ts';

export interface NormalizedInputSchema {
  /** JSON Schema 2020-12 with `type: "object"` and `properties` at the root. */
  schema: SchemaObject & { type: 'object'; properties: Record<string, unknown> };
  /** Things the model must know that the schema can no longer say, for the tool's description. */
  notes: string[];
}

/**
 * A tool's `inputSchema` as both providers accept it. MCP says it is a JSON Schema object with
 * `type: "object"` (schema.ts, `Tool.inputSchema`; 2020-12 by default since 2025-11-25), but servers send
 * missing schemas, other types, root combinators, draft-07 spellings and references to other documents.
 */
export function normalizeInputSchema(raw: unknown): NormalizedInputSchema {
  const state = newCleanState();
  const notes: string[] = [];
  const root = toObjectRoot(cleanSubschema(raw, state), state, notes);
  settleLocalRefs(root, state);
  return { schema: root as NormalizedInputSchema['schema'], notes };
}
