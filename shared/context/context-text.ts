import type { ContentBlock } from '@modelcontextprotocol/client';
import type { ContextBlock } from './context-types.ts';

/** "Prompt greet (modern)" / "Resource notes.txt (files)": how a piece of context is named to the person. */
export function contextLabel(block: ContextBlock): string {
  const source = block.source;
  return source.kind === 'prompt' ? `Prompt ${source.title ?? source.prompt} (${source.server})` : `Resource ${source.name} (${source.server})`;
}

/** The text MCP content carries: text blocks, embedded text resources, and the names of links; binaries as a note. */
export function contentText(content: readonly ContentBlock[]): string {
  return content
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text;
        case 'resource':
          return 'text' in block.resource ? block.resource.text : `[${block.resource.mimeType ?? 'binary'} ${block.resource.uri}]`;
        case 'resource_link':
          return `[${block.name}: ${block.uri}]`;
        default:
          return `[${block.type}]`;
      }
    })
    .join('\n');
}
