import type { CreateMessageRequestParams, ModelPreferences, SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import type { ConsentAnswerInputs } from '../../../../shared/consent/consent-types.ts';

type SamplingEdits = NonNullable<Extract<ConsentAnswerInputs['sampling'], { action: 'approve' }>['edits']>;

export interface ReviewMessage {
  role: 'user' | 'assistant';
  /** The text, or for other content a short description of it. */
  text: string;
  /** Only text can be edited; a message with an image or a tool call is shown, not changed. */
  textOnly: boolean;
}

function blocksOf(content: SamplingMessageContentBlock | SamplingMessageContentBlock[]): SamplingMessageContentBlock[] {
  return Array.isArray(content) ? content : [content];
}

/** Non-text content in words; its data is not shown (an image from a server is not loaded into the review). */
export function describeBlock(block: SamplingMessageContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image, ${block.mimeType}]`;
    case 'audio':
      return `[audio, ${block.mimeType}]`;
    case 'tool_use':
      return `[tool call ${block.name}: ${JSON.stringify(block.input)}]`;
    case 'tool_result':
      return `[result of tool call ${block.toolUseId}]`;
    default:
      return '[content of an unknown kind]';
  }
}

export function reviewMessages(request: CreateMessageRequestParams): ReviewMessage[] {
  return request.messages.map((message) => {
    const blocks = blocksOf(message.content);
    const textOnly = blocks.length > 0 && blocks.every((block) => block.type === 'text');
    return { role: message.role, text: blocks.map(describeBlock).join('\n\n'), textOnly };
  });
}

/** The contract lets the person edit a prompt's messages only when every one of them is text. */
export function messagesEditable(messages: readonly ReviewMessage[]): boolean {
  return messages.length > 0 && messages.every((message) => message.textOnly);
}

export interface PromptForm {
  systemPrompt: string;
  messages: string[];
  maxTokens: string;
}

export function promptForm(request: CreateMessageRequestParams): PromptForm {
  return { systemPrompt: request.systemPrompt ?? '', messages: reviewMessages(request).map((message) => message.text), maxTokens: String(request.maxTokens) };
}

export type PromptEdits = { ok: true; edits?: SamplingEdits } | { ok: false; error: string };

/** Only what the person changed travels, so an untouched prompt goes exactly as the server wrote it. */
export function promptEdits(request: CreateMessageRequestParams, form: PromptForm): PromptEdits {
  const original = promptForm(request);
  const edits: SamplingEdits = {};
  if (form.systemPrompt !== original.systemPrompt) edits.systemPrompt = form.systemPrompt;
  const messages = reviewMessages(request);
  if (messagesEditable(messages) && form.messages.some((text, index) => text !== original.messages[index])) {
    edits.messages = messages.map((message, index) => ({ role: message.role, content: { type: 'text', text: form.messages[index] } }));
  }
  if (form.maxTokens.trim() !== original.maxTokens) {
    const text = form.maxTokens.trim();
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1 || value > 1_000_000) {
      return { ok: false, error: 'Maximum tokens must be a whole number from 1 to 1,000,000' };
    }
    if (value !== request.maxTokens) edits.maxTokens = value;
  }
  return Object.keys(edits).length > 0 ? { ok: true, edits } : { ok: true };
}

/** How much the server cares about cost, speed and intelligence, in words (each priority is 0 to 1). */
export function priorityLines(preferences: ModelPreferences | undefined): string[] {
  if (!preferences) return [];
  const word = (value: number) => (value >= 0.67 ? 'high' : value >= 0.34 ? 'medium' : 'low');
  const lines: string[] = [];
  const entries: [string, number | undefined][] = [
    ['cost', preferences.costPriority],
    ['speed', preferences.speedPriority],
    ['intelligence', preferences.intelligencePriority],
  ];
  for (const [name, value] of entries) {
    if (value !== undefined) lines.push(`${name}: ${word(value)} (${value})`);
  }
  return lines;
}

export function hintNames(preferences: ModelPreferences | undefined): string[] {
  return (preferences?.hints ?? []).map((hint) => hint.name).filter((name): name is string => typeof name === 'string' && name !== '');
}
