import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import type { ContextBlock } from '../../../shared/context/context-types.ts';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import { toResultParts } from '../chat/bridge/result-parts.ts';
import type { ResultPart } from '../chat/bridge/result-parts.ts';

/** Quoted for an attribute; hidden characters written out, as for everything a server wrote. */
function attribute(value: string): string {
  return JSON.stringify(writeOutHidden(value));
}

/** The label the model reads around a piece of context, so it can tell what it is and where it came from. */
function opening(block: ContextBlock): string {
  const source = block.source;
  if (source.kind === 'prompt') {
    return `<context source="prompt" prompt=${attribute(source.prompt)} server=${attribute(source.server)}>`;
  }
  const type = source.mimeType ? ` mimeType=${attribute(source.mimeType)}` : '';
  return `<context source="attached resource" name=${attribute(source.name)} uri=${attribute(source.uri)} server=${attribute(source.server)}${type}>`;
}

function closing(block: ContextBlock): string {
  const cap = block.capped;
  const note = cap
    ? `[Cut to the context cap: ${cap.keptChars.toLocaleString('en-US')} of ${cap.originalChars.toLocaleString('en-US')} characters were kept.]\n`
    : '';
  return `${note}</context>`;
}

/**
 * A context block in provider-neutral pieces: text as text, images as images, PDFs as documents, other
 * binaries summarised (the same rules as tool results, `result-parts.ts`), between a labelled opening and close.
 */
export function contextParts(block: ContextBlock): ResultPart[] {
  return [
    { kind: 'text', text: opening(block) },
    ...toResultParts({ content: block.content }).filter((part) => !(part.kind === 'text' && part.text === '(The tool returned no content.)')),
    { kind: 'text', text: closing(block) },
  ];
}

/** For places that take text only (an assistant turn): images and documents become a note. */
export function contextText(block: ContextBlock): string {
  return contextParts(block)
    .map((part) => (part.kind === 'text' ? part.text : part.kind === 'image' ? `[image: ${part.mimeType}, ${part.bytes} bytes]` : `[PDF document, ${part.bytes} bytes]`))
    .join('\n');
}

export function anthropicContext(blocks: readonly ContextBlock[]): ContentBlockParam[] {
  return blocks.flatMap((block) =>
    joinTexts(contextParts(block)).map((part): ContentBlockParam => {
      if (part.kind === 'text') return { type: 'text', text: part.text };
      if (part.kind === 'image') return { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } };
      return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: part.data }, ...(part.title ? { title: part.title } : {}) };
    }),
  );
}

export function openaiContext(blocks: readonly ContextBlock[]): ChatCompletionContentPart[] {
  return blocks.flatMap((block) =>
    joinTexts(contextParts(block)).map((part): ChatCompletionContentPart => {
      if (part.kind === 'text') return { type: 'text', text: part.text };
      if (part.kind === 'image') return { type: 'image_url', image_url: { url: `data:${part.mimeType};base64,${part.data}` } };
      return { type: 'file', file: { file_data: `data:application/pdf;base64,${part.data}`, filename: part.title?.split('/').at(-1) || 'document.pdf' } };
    }),
  );
}

/** Neighbouring text pieces as one block: fewer blocks, and the label stays with its text. */
function joinTexts(parts: readonly ResultPart[]): ResultPart[] {
  const joined: ResultPart[] = [];
  for (const part of parts) {
    const last = joined.at(-1);
    if (part.kind === 'text' && last?.kind === 'text') joined[joined.length - 1] = { kind: 'text', text: `${last.text}\n${part.text}` };
    else joined.push(part);
  }
  return joined;
}
