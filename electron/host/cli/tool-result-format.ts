import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import { terminalSafe } from './terminal-text.ts';

function base64Bytes(data: string): number {
  return Buffer.byteLength(data, 'base64');
}

function withMime(mimeType: string | undefined): string {
  return mimeType ? ` (${terminalSafe(mimeType)})` : '';
}

function formatBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return terminalSafe(block.text);
    case 'image':
    case 'audio':
      return `[${block.type} ${terminalSafe(block.mimeType)}, ${base64Bytes(block.data)} bytes]`;
    case 'resource_link': {
      const head = `[resource link ${terminalSafe(block.name)}: ${terminalSafe(block.uri)}${withMime(block.mimeType)}]`;
      return block.description ? `${head}\n${terminalSafe(block.description)}` : head;
    }
    case 'resource': {
      const { resource } = block;
      const head = `[resource ${terminalSafe(resource.uri)}${withMime(resource.mimeType)}`;
      if ('text' in resource && typeof resource.text === 'string') return `${head}]\n${terminalSafe(resource.text)}`;
      const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
      return `${head}, ${base64Bytes(blob)} bytes]`;
    }
    default:
      return terminalSafe(JSON.stringify(block, null, 2));
  }
}

/** A tool result as a person reads it: text as text, binary content as a short description. */
export function formatToolResult(result: CallToolResult): string {
  const parts = (result.content ?? []).map(formatBlock);
  if (result.structuredContent !== undefined) {
    parts.push(`structuredContent:\n${terminalSafe(JSON.stringify(result.structuredContent, null, 2))}`);
  }
  const text = parts.join('\n');
  return text.endsWith('\n') || text === '' ? text : `${text}\n`;
}
