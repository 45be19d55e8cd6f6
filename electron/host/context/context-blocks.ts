import type { ContentBlock, PromptMessage, ReadResourceResult } from '@modelcontextprotocol/client';
import type { ContextBlock, ContextSource } from '../../../shared/context/context-types.ts';

/** Characters a content block carries: text as is, binaries as their base64. */
export function contentChars(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return block.text.length;
    case 'image':
    case 'audio':
      return block.data.length;
    case 'resource':
      return 'text' in block.resource ? block.resource.text.length : block.resource.blob.length;
    default:
      return 0;
  }
}

/**
 * Cuts text to `limit` characters in all, block by block. A binary that does not fit whole is left out (half an
 * image is no image); it stays in the block list as a note, so the model is told it was there.
 */
export function capContent(content: readonly ContentBlock[], limit: number): { content: ContentBlock[]; size: number; capped?: ContextBlock['capped'] } {
  const size = content.reduce((total, block) => total + contentChars(block), 0);
  if (size <= limit) return { content: [...content], size };
  let left = limit;
  const kept: ContentBlock[] = [];
  for (const block of content) {
    const chars = contentChars(block);
    if (chars <= left) {
      kept.push(block);
      left -= chars;
      continue;
    }
    if (block.type === 'text') {
      kept.push({ ...block, text: block.text.slice(0, left) });
      left = 0;
    } else if (block.type === 'resource' && 'text' in block.resource) {
      kept.push({ ...block, resource: { ...block.resource, text: block.resource.text.slice(0, left) } });
      left = 0;
    } else {
      kept.push({ type: 'text', text: `[${describeBinary(block)} left out: over the context cap]` });
    }
  }
  return { content: kept, size, capped: { originalChars: size, keptChars: limit - left } };
}

function describeBinary(block: ContentBlock): string {
  if (block.type === 'image' || block.type === 'audio') return `${block.type} (${block.mimeType}, ${base64Bytes(block.data)} bytes)`;
  if (block.type === 'resource' && 'blob' in block.resource) {
    return `${block.resource.mimeType ?? 'binary'} ${block.resource.uri} (${base64Bytes(block.resource.blob)} bytes)`;
  }
  return block.type;
}

/** Bytes a base64 string decodes to. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** A read resource as context: each of its contents an embedded resource block. */
export function resourceContext(source: Extract<ContextSource, { kind: 'resource' }>, result: ReadResourceResult, limit: number): ContextBlock {
  const content: ContentBlock[] = result.contents.map((resource) => ({ type: 'resource', resource }));
  const mimeType = source.mimeType ?? result.contents[0]?.mimeType;
  return { type: 'context', source: mimeType ? { ...source, mimeType } : source, ...capContent(content, limit) };
}

/** One message a prompt returned, as context of that message's role. */
export function promptContext(source: Extract<ContextSource, { kind: 'prompt' }>, message: Pick<PromptMessage, 'content'>, limit: number): ContextBlock {
  return { type: 'context', source, ...capContent([message.content as ContentBlock], limit) };
}
