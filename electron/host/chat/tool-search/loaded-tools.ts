import type { ChatMessage, ProviderId } from '../../../../shared/chat/chat-types.ts';
import type { ToolIndex } from '../bridge/tool-index.ts';

/** `server/tool`, as the settings keep pinned tools (and conversations their switches). */
export function splitToolKey(key: string): { server: string; tool: string } | undefined {
  const slash = key.indexOf('/');
  if (slash <= 0 || slash === key.length - 1) return undefined;
  return { server: key.slice(0, slash), tool: key.slice(slash + 1) };
}

/**
 * Model names of the tools to load, most wanted first: the person's pinned tools, then the tools this
 * conversation used, latest first; for the local search also the tools its searches found, since they are
 * callable only while loaded. (The Messages API loads what its own search found from the history.)
 */
export function wantedTools(
  pinned: readonly string[],
  messages: readonly ChatMessage[],
  index: Pick<ToolIndex, 'nameFor'>,
  provider: ProviderId,
): string[] {
  const wanted: string[] = [];
  // What the Messages API's search found is loaded again by its replayed references: loading it here too would
  // change the tools array, and with it the cached prefix, after the first call.
  const loadedByReferences = new Set<string>();
  if (provider === 'anthropic') {
    for (const message of messages) {
      for (const block of message.blocks) {
        if (block.type === 'tool_search' && block.via === 'provider') for (const found of block.found) loadedByReferences.add(`${found.server}/${found.tool}`);
      }
    }
  }
  for (const key of pinned) {
    const ref = splitToolKey(key);
    const name = ref && index.nameFor(ref.server, ref.tool);
    if (name) wanted.push(name);
  }
  for (let m = messages.length - 1; m >= 0; m--) {
    const blocks = messages[m].blocks;
    for (let b = blocks.length - 1; b >= 0; b--) {
      const block = blocks[b];
      if (block.type === 'tool_call' && block.server && !loadedByReferences.has(`${block.server}/${block.tool}`)) {
        const name = index.nameFor(block.server, block.tool);
        if (name) wanted.push(name);
      } else if (block.type === 'tool_search' && (provider !== 'anthropic' || block.via === 'host')) {
        for (const found of block.found) {
          const name = index.nameFor(found.server, found.tool);
          if (name) wanted.push(name);
        }
      }
    }
  }
  return wanted;
}
