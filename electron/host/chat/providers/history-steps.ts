import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ChatMessage, ToolCallBlock, ToolSearchBlock } from '../../../../shared/chat/chat-types.ts';
import type { ContextBlock } from '../../../../shared/context/context-types.ts';
import { contextText } from '../../context/context-for-model.ts';

/** One model response as it is replayed: its text, the searches it made, then its tool calls (each answered by a result). */
export interface AssistantStep {
  text: string;
  searches: ToolSearchBlock[];
  calls: ToolCallBlock[];
  /** The `step` of its searches and calls, when it has any. */
  number?: number;
}

/** A user turn's `context`: prompt messages and attached resources, which go before its text. */
export type HistoryTurn = { role: 'user'; text: string; context: ContextBlock[] } | { role: 'assistant'; steps: AssistantStep[] };

/** Whatever asks for an answer from the host ends its response: a tool call, or a search of the local search tool. */
function waitsForHost(step: AssistantStep): boolean {
  return step.calls.length > 0 || step.searches.some((search) => search.via === 'host');
}

/**
 * An assistant message holds a whole turn: text, tool searches and tool calls of several model responses, and
 * notices for the person. Replayed, text followed by the searches and calls of one step is one response. Notices
 * are not replayed; neither are empty responses (a turn that failed before any text arrived).
 */
export function stepsOf(message: ChatMessage): AssistantStep[] {
  const steps: AssistantStep[] = [];
  let current: AssistantStep | undefined;
  const open = () => {
    current = { text: '', searches: [], calls: [] };
    steps.push(current);
    return current;
  };
  for (const block of message.blocks) {
    if (block.type === 'text' || block.type === 'context') {
      // An assistant message a prompt returned is replayed as the text it holds.
      const step = !current || waitsForHost(current) ? open() : current;
      step.text += block.type === 'text' ? block.text : contextText(block);
    } else if (block.type === 'tool_call' || block.type === 'tool_search') {
      let step = current ?? open();
      const otherResponse = step.number !== undefined && block.step !== undefined && step.number !== block.step;
      // A provider's search comes before the calls of its response; after a call it starts the next response.
      const searchAfterCall = block.type === 'tool_search' && block.via === 'provider' && waitsForHost(step);
      if (otherResponse || searchAfterCall) step = open();
      step.number ??= block.step;
      if (block.type === 'tool_call') step.calls.push(block);
      else step.searches.push(block);
    }
  }
  return steps.filter((step) => step.text.trim() !== '' || step.calls.length > 0 || step.searches.length > 0);
}

/** The conversation as the model should see it. */
export function historyTurns(messages: readonly ChatMessage[]): HistoryTurn[] {
  const turns: HistoryTurn[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const text = message.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
      const context = message.blocks.filter((block) => block.type === 'context');
      if (text.trim() || context.length > 0) turns.push({ role: 'user', text, context });
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
  const result = plainResult(call);
  if (!call.modelArguments) return result;
  // The model must not take the result for the answer to the call it asked for: the person changed it.
  const note = `Note: the person edited the arguments before approving; the tool was called with ${JSON.stringify(call.arguments)} instead of ${JSON.stringify(call.modelArguments)}.`;
  return { ...result, content: [{ type: 'text', text: note }, ...result.content] };
}

function plainResult(call: ToolCallBlock): CallToolResult {
  switch (call.status) {
    case 'done':
      return call.result ?? { content: [] };
    case 'error':
      return call.result ?? errorResult(`Error: ${call.error ?? 'the tool call failed'}`);
    case 'timed-out':
      return errorResult(`The tool call timed out: ${call.error ?? 'the server did not answer in time'}`);
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
