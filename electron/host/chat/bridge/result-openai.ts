import type { CallToolResult } from '@modelcontextprotocol/client';
import type {
  ChatCompletionContentPart,
  ChatCompletionToolMessageParam,
  ChatCompletionUserMessageParam,
} from 'openai/resources/chat/completions';
import { limitResultParts } from './result-limits.ts';
import type { ResultLimits, ResultReport } from './result-limits.ts';
import { toResultParts } from './result-parts.ts';

export interface OpenAIResultOptions {
  /**
   * `user-message` (default): images and PDFs travel in a user message after the tool messages, since a
   * Chat Completions tool message holds text only (`ChatCompletionToolMessageParam.content`). `none`: the
   * model only reads a note that they exist, for endpoints without vision or file input.
   */
  attachments?: 'user-message' | 'none';
}

export interface OpenAIToolMessages {
  toolMessage: ChatCompletionToolMessageParam;
  /** Image and file parts for the follow-up user message; empty when there are none. */
  attachments: ChatCompletionContentPart[];
  /**
   * The tool message, then (with attachments) a user message carrying them. Every tool message of one
   * assistant turn must come before any user message: with several calls, send all `role: 'tool'` messages
   * first and the user messages after them.
   */
  messages: (ChatCompletionToolMessageParam | ChatCompletionUserMessageParam)[];
  report: ResultReport;
}

function size(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`;
}

/** An MCP tool result as Chat Completions messages; `isError` becomes an "Error:" prefix, the API having no flag. */
export function toOpenAIToolMessages(
  callId: string,
  result: CallToolResult,
  limits: ResultLimits = {},
  options: OpenAIResultOptions = {},
): OpenAIToolMessages {
  const { parts, report } = limitResultParts(toResultParts(result), limits);
  const attach = (options.attachments ?? 'user-message') === 'user-message';
  const lines: string[] = [];
  const attachments: ChatCompletionContentPart[] = [];
  let count = 0;
  for (const part of parts) {
    if (part.kind === 'text') {
      lines.push(part.text);
      continue;
    }
    const what = part.kind === 'image' ? `image (${part.mimeType}, ${size(part.bytes)})` : `PDF document (${size(part.bytes)})`;
    if (!attach) {
      lines.push(`[${what}: shown to the user, not sent to you]`);
      continue;
    }
    count++;
    lines.push(`[attachment ${count}: ${what}, sent in the next user message]`);
    attachments.push({ type: 'text', text: `[attachment ${count} from tool call ${callId}]` });
    if (part.kind === 'image') {
      attachments.push({ type: 'image_url', image_url: { url: `data:${part.mimeType};base64,${part.data}` } });
    } else {
      attachments.push({
        type: 'file',
        file: { file_data: `data:application/pdf;base64,${part.data}`, filename: part.title?.split('/').at(-1) || 'document.pdf' },
      });
    }
  }
  const text = lines.join('\n\n');
  const toolMessage: ChatCompletionToolMessageParam = {
    role: 'tool',
    tool_call_id: callId,
    content: result.isError === true ? `Error: ${text}` : text,
  };
  const messages: OpenAIToolMessages['messages'] = [toolMessage];
  if (attachments.length > 0) messages.push({ role: 'user', content: attachments });
  return { toolMessage, attachments, messages, report };
}
