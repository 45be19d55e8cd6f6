import type { ContextBlock } from '../../../shared/context/context-types.ts';

/** What a send brings besides its text, read and capped by the context layer: ready to be saved as it is. */
export interface PreparedContext {
  /** Prompt messages in order, consecutive ones of one role together. */
  messages: { role: 'user' | 'assistant'; blocks: ContextBlock[] }[];
  /** Attached resources, for the person's message. */
  attached: ContextBlock[];
}
