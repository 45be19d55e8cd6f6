import { contentText, contextLabel } from '../../../shared/context/context-text.ts';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ChatMessage, Conversation, ToolCallBlock, ToolSearchBlock } from '../../../shared/chat/chat-types.ts';

const SUMMARY_CHARS = 600;

export interface ExportFile {
  filename: string;
  mimeType: string;
  content: string;
}

/** "Trip: Lisbon / May?" → "trip-lisbon-may". */
function slug(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base || 'conversation';
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/** A fence longer than any backtick run inside, so code in results cannot close it. */
function fenced(text: string, info = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${text}\n${fence}`;
}

function shorten(text: string, max = SUMMARY_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en-US')} more characters)`;
}

export function summarizeResult(result: CallToolResult): string {
  const parts: string[] = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case 'text':
        parts.push(block.text);
        break;
      case 'image':
      case 'audio':
        parts.push(`[${block.type} ${block.mimeType}]`);
        break;
      case 'resource_link':
        parts.push(`[link ${block.uri}]`);
        break;
      case 'resource':
        parts.push('text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`);
        break;
    }
  }
  if (parts.length === 0 && result.structuredContent) parts.push(JSON.stringify(result.structuredContent));
  return shorten(parts.join('\n'));
}

const STATUS_WORDS: Record<ToolCallBlock['status'], string> = {
  'awaiting-approval': 'not approved',
  running: 'did not finish',
  done: 'done',
  error: 'failed',
  'timed-out': 'timed out',
  denied: 'denied',
  cancelled: 'cancelled',
};

function toolCallMarkdown(call: ToolCallBlock): string {
  const where = call.server ? `${call.server} › ${call.tool}` : call.modelName;
  const timing = call.durationMs !== undefined ? `, ${call.durationMs} ms` : '';
  const lines = [`**Tool call: ${where}** (${STATUS_WORDS[call.status]}${timing})`, '', fenced(JSON.stringify(call.arguments, null, 2), 'json')];
  if (call.result) lines.push('', `Result${call.result.isError ? ' (error)' : ''}:`, '', fenced(summarizeResult(call.result)));
  if (call.denialReason) lines.push('', `Reason given: ${call.denialReason}`);
  if (call.error && !call.result) lines.push('', `> ${call.error}`);
  return lines.join('\n');
}

function toolSearchMarkdown(search: ToolSearchBlock): string {
  const found = search.found.map((tool) => `${tool.server} › ${tool.tool}`).join(', ');
  const outcome = search.error ? `failed (${search.error})` : found ? `brought in ${found}` : 'found nothing';
  return `**Tool search** “${search.query}”: ${outcome}`;
}

function messageMarkdown(message: ChatMessage): string {
  const who = message.role === 'user' ? 'You' : `Assistant${message.model ? ` (${message.model})` : ''}`;
  const lines = [`## ${who} · ${isoDate(message.createdAt)}`, ''];
  for (const block of message.blocks) {
    if (block.type === 'text') lines.push(block.text, '');
    else if (block.type === 'tool_call') lines.push(toolCallMarkdown(block), '');
    else if (block.type === 'tool_search') lines.push(toolSearchMarkdown(block), '');
    else if (block.type === 'context') lines.push(`**${contextLabel(block)}**`, '', fenced(contentText(block.content)), '');
    else lines.push(`> **${block.level === 'info' ? 'Note' : block.level === 'warning' ? 'Warning' : 'Error'}:** ${block.text}`, '');
  }
  if (message.status === 'stopped') lines.push('_Stopped._', '');
  if (message.error) lines.push(`> **Error:** ${message.error.message}`, '');
  if (message.usage) {
    const u = message.usage;
    lines.push(`_Tokens: ${u.inputTokens} in, ${u.outputTokens} out, ${u.cacheReadTokens} cache read, ${u.cacheCreationTokens} cache write._`, '');
  }
  return lines.join('\n');
}

export function exportMarkdown(conversation: Conversation): ExportFile {
  const header = [`# ${conversation.title}`, '', `_Exported from Switchboard · started ${isoDate(conversation.createdAt)}_`, ''];
  const body = conversation.messages.map(messageMarkdown);
  return {
    filename: `${slug(conversation.title)}.md`,
    mimeType: 'text/markdown',
    content: `${[...header, ...body].join('\n').trimEnd()}\n`,
  };
}

export function exportJson(conversation: Conversation): ExportFile {
  return {
    filename: `${slug(conversation.title)}.json`,
    mimeType: 'application/json',
    content: `${JSON.stringify({ format: 'switchboard.conversation', version: 1, conversation }, null, 2)}\n`,
  };
}
