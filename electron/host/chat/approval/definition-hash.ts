import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/client';
import { pinnedDefinition } from '../../../../shared/chat/tool-definition.ts';
import type { PinnedDefinition } from '../../../../shared/chat/tool-definition.ts';
import { canonicalJson } from '../bridge/json-schema.ts';

/**
 * What an approval was given for: the whole pinned definition (name, title, description, schemas,
 * annotations, execution, the `_meta` that changes behaviour). A server that changes any of it (a "rug pull":
 * same name, new text or behaviour) no longer has the person's approval. The title counts: the model is
 * shown it when the description is empty.
 */
export function toolDefinitionHash(tool: Tool | PinnedDefinition): string {
  return createHash('sha256').update(canonicalJson(pinnedDefinition(tool))).digest('hex');
}
