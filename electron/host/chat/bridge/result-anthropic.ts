import type { CallToolResult } from '@modelcontextprotocol/client';
import type {
  DocumentBlockParam,
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { limitResultParts } from './result-limits.ts';
import type { ResultLimits, ResultReport } from './result-limits.ts';
import { toResultParts } from './result-parts.ts';

export type AnthropicToolResultContent = TextBlockParam | ImageBlockParam | DocumentBlockParam;

/**
 * An MCP tool result as an Anthropic `tool_result` block: text as text blocks, images as base64 image
 * blocks and PDFs as document blocks (both allowed inside `tool_result.content`, see `ToolResultBlockParam`),
 * `isError` as `is_error: true`. `report` says what the model did not get.
 */
export function toAnthropicToolResult(
  toolUseId: string,
  result: CallToolResult,
  limits: ResultLimits = {},
): { block: ToolResultBlockParam; report: ResultReport } {
  const { parts, report } = limitResultParts(toResultParts(result), limits);
  const content: AnthropicToolResultContent[] = parts.map((part) => {
    if (part.kind === 'text') return { type: 'text', text: part.text };
    if (part.kind === 'image') return { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } };
    return {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: part.data },
      ...(part.title ? { title: part.title } : {}),
    };
  });
  const block: ToolResultBlockParam = { type: 'tool_result', tool_use_id: toolUseId, content };
  if (result.isError === true) block.is_error = true;
  return { block, report };
}
