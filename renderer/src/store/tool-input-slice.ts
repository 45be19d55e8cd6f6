import type { StateCreator } from 'zustand';
import type { ChatEvents } from '../../../shared/api/chat-api.ts';
import type { ChatMessage } from '../../../shared/chat/chat-types.ts';

export type StreamingToolInput = ChatEvents['chat.toolInput'];

/**
 * Calls of tools with an MCP App whose arguments the model is still writing (`chat.toolInput`), so the card and
 * its app show before the call is complete; shown, never saved. Keyed by message id, in the order they began.
 */
export interface ToolInputSlice {
  streamingToolInputs: Record<string, StreamingToolInput[]>;
  toolInputReceived(input: StreamingToolInput): void;
  /** A message changed: the calls it now holds as blocks are no longer streaming, nor any once it ended. */
  toolInputsSettled(message: ChatMessage): void;
}

export const createToolInputSlice: StateCreator<ToolInputSlice, [], [], ToolInputSlice> = (set) => ({
  streamingToolInputs: {},
  toolInputReceived: (input) =>
    set((state) => {
      const list = state.streamingToolInputs[input.messageId] ?? [];
      const index = list.findIndex((entry) => entry.toolCallId === input.toolCallId);
      const next = index === -1 ? [...list, input] : list.map((entry, at) => (at === index ? input : entry));
      return { streamingToolInputs: { ...state.streamingToolInputs, [input.messageId]: next } };
    }),
  toolInputsSettled: (message) =>
    set((state) => {
      const list = state.streamingToolInputs[message.id];
      if (!list) return state;
      const blocks = new Set(message.blocks.flatMap((block) => (block.type === 'tool_call' ? [block.id] : [])));
      const rest = message.status === 'streaming' ? list.filter((entry) => !blocks.has(entry.toolCallId)) : [];
      if (rest.length === list.length) return state;
      const { [message.id]: _settled, ...others } = state.streamingToolInputs;
      return { streamingToolInputs: rest.length > 0 ? { ...others, [message.id]: rest } : others };
    }),
});
