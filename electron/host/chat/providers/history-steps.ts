import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ChatMessage, ToolCallBlock } from '../../../../shared/chat/chat-types.ts';

/** One model response as it is replayed: its text, then its tool calls (each answered by a result). */
export interface AssistantStep {
  text: string;
  calls: ToolCallBlock[];
}

export type HistoryTurn = { role: 'user'; text: string } | { role: 'assistant'; steps: AssistantStep[] };

/**
 * An assistant message holds a whole turn: text and tool calls of several model responses, and notices for
 * the person. Replayed, text followed by the tool calls of one step is one response. Notices are not replayed;
 * neither are empty responses (a turn that failed before any text arrived).
 */
export function stepsOf(message: ChatMessage): AssistantStep[] {
  const steps: AssistantStep[] = [];
  let current: AssistantStep | undefined;
  for (const block of message.blocks) {
    if (block.type === 'text') {
      if (!current || current.calls.length > 0) {
        current = { text: '', calls: [] };
        steps.push(current);
      }
      current.text += block.text;
    } else if (block.type === 'tool_call') {
      const previous = current?.calls.at(-1);
      if (!current || (previous && previous.step !== block.step)) {
        current = { text: '', calls: [] };
        steps.push(current);
      }
      current.calls.push(block);
    }
  }
  return steps.filter((step) => step.text.trim() !== '' || step.calls.length > 0);
}

/** The conversation as the model should see it. */
export function historyTurns(messages: readonly ChatMessage[]): HistoryTurn[] {
  const turns: HistoryTurn[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const text = message.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
      if (text.trim()) turns.push({ role: 'user', text });
    } else {
      const steps = stepsOf(message);
      if (steps.length > 0) turns.push({ role: 'assistant', steps });
    }
  }
  return turns;
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * What the model is told a call gave. Every tool use gets an answer, also when the call never ran (denied,
 * cancelled by Stop, cut by the step limit, interrupted by a crash), or the provider rejects the history.
 */
export function resultForModel(call: ToolCallBlock): CallToolResult {
  switch (call.status) {
    case 'done':
      return call.result ?? { content: [] };
    case 'error':
      return call.result ?? errorResult(`Error: ${call.error ?? 'the tool call failed'}`);
    case 'denied':
      return errorResult(
        call.denialReason
          ? `The person denied this tool call. Their reason: ${call.denialReason}`
          : call.error ?? 'The person denied this tool call.',
      );
    default:
      return errorResult(call.error ?? 'The tool call was cancelled before it finished.');
  }
}
