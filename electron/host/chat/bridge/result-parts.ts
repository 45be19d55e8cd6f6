import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import { addSummaries, summarizeHidden, writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import type { HiddenSummary } from '../../../../shared/text/hidden-characters.ts';
import { canonicalJson, isPlainObject } from './json-schema.ts';

/** What both providers can view inline (Anthropic `Base64ImageSource.media_type`; OpenAI's vision inputs). */
export const VIEWABLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ViewableImageType = (typeof VIEWABLE_IMAGE_TYPES)[number];

/** A tool result in provider-neutral pieces. */
export type ResultPart =
  | { kind: 'text'; text: string }
  | { kind: 'image'; mimeType: ViewableImageType; data: string; bytes: number }
  | { kind: 'pdf'; data: string; bytes: number; title?: string };

/** Decoded size of base64 text, without decoding it. */
export function base64Bytes(data: string): number {
  const length = data.replace(/\s/g, '').length;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((length * 3) / 4) - padding);
}

function normalizeMime(mimeType: unknown): string {
  return typeof mimeType === 'string' ? mimeType.split(';')[0].trim().toLowerCase() : '';
}

function viewableImage(mimeType: string): ViewableImageType | undefined {
  const normalized = mimeType === 'image/jpg' ? 'image/jpeg' : mimeType;
  return (VIEWABLE_IMAGE_TYPES as readonly string[]).includes(normalized) ? (normalized as ViewableImageType) : undefined;
}

function isTextual(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    /^application\/(json|xml|yaml|x-yaml|toml|javascript|x-sh|sql|graphql|csv)$/.test(mimeType) ||
    /\+(json|xml|yaml)$/.test(mimeType)
  );
}

function decodeUtf8(base64: string): string | undefined {
  try {
    const binary = atob(base64.replace(/\s/g, ''));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function formatBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`;
}

/** Content the server marked for the person alone (MCP `Annotations.audience`). */
function forUserOnly(block: ContentBlock): boolean {
  const audience = (block as { annotations?: { audience?: unknown } }).annotations?.audience;
  return Array.isArray(audience) && audience.length > 0 && !audience.includes('assistant');
}

function text(value: string): ResultPart {
  return { kind: 'text', text: value };
}

function blockParts(block: ContentBlock): ResultPart[] {
  switch (block.type) {
    case 'text':
      return [text(String(block.text))];
    case 'image': {
      const mimeType = normalizeMime(block.mimeType);
      const viewable = viewableImage(mimeType);
      const bytes = base64Bytes(String(block.data));
      if (viewable) return [{ kind: 'image', mimeType: viewable, data: String(block.data), bytes }];
      return [text(`[image: ${mimeType || 'unknown type'}, ${formatBytes(bytes)}, shown to the user; not a format you can view]`)];
    }
    case 'audio': {
      const mimeType = normalizeMime(block.mimeType) || 'unknown type';
      return [text(`[audio: ${mimeType}, ${formatBytes(base64Bytes(String(block.data)))}, played to the user]`)];
    }
    case 'resource_link': {
      const details = [block.mimeType, typeof block.size === 'number' ? formatBytes(block.size) : undefined].filter(Boolean);
      const title = block.title && block.title !== block.name ? ` "${block.title}"` : '';
      const description = block.description ? ` ${block.description}` : '';
      return [text(`[resource link: ${block.name}${title} at ${block.uri}${details.length ? ` (${details.join(', ')})` : ''}]${description}`)];
    }
    case 'resource': {
      const resource = block.resource;
      const mimeType = normalizeMime(resource.mimeType);
      const header = `[resource ${resource.uri}${mimeType ? ` (${mimeType})` : ''}]`;
      if ('text' in resource && typeof resource.text === 'string') return [text(`${header}\n${resource.text}`)];
      const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
      const bytes = base64Bytes(blob);
      const image = viewableImage(mimeType);
      if (image) return [text(header), { kind: 'image', mimeType: image, data: blob, bytes }];
      if (mimeType === 'application/pdf') return [text(header), { kind: 'pdf', data: blob, bytes, title: resource.uri }];
      if (isTextual(mimeType)) {
        const decoded = decodeUtf8(blob);
        if (decoded !== undefined) return [text(`${header}\n${decoded}`)];
      }
      return [text(`[resource ${resource.uri}: ${mimeType || 'unknown type'}, ${formatBytes(bytes)}, binary content not shown to you]`)];
    }
    default:
      return [text(`[content of type "${String((block as { type?: unknown }).type)}" that Switchboard cannot pass on]`)];
  }
}

function textSays(texts: readonly string[], value: unknown): boolean {
  const wanted = canonicalJson(value);
  return texts.some((candidate) => {
    const trimmed = candidate.trim();
    if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
    try {
      return canonicalJson(JSON.parse(trimmed)) === wanted;
    } catch {
      return false;
    }
  });
}

/**
 * Splits an MCP `CallToolResult` into pieces a model can take. `structuredContent` is added as JSON text
 * unless a text block already carries the same value (the spec asks servers to send both, 2025-06-18
 * "Structured Content"); content marked for the user alone is replaced by a short note. Hidden characters in
 * the text are written out (`<U+202E>`), so the model is not handed instructions the person cannot see.
 */
export function toResultParts(result: CallToolResult): ResultPart[] {
  return rawResultParts(result).map((part) => {
    if (part.kind === 'text') return text(writeOutHidden(part.text));
    if (part.kind === 'pdf' && part.title !== undefined) return { ...part, title: writeOutHidden(part.title) };
    return part;
  });
}

/** The hidden characters `toResultParts` wrote out of this result. */
export function hiddenInResult(result: CallToolResult): HiddenSummary {
  return addSummaries(
    rawResultParts(result).flatMap((part) =>
      part.kind === 'text' ? [summarizeHidden(part.text)] : part.kind === 'pdf' && part.title !== undefined ? [summarizeHidden(part.title)] : [],
    ),
  );
}

function rawResultParts(result: CallToolResult): ResultPart[] {
  const blocks: ContentBlock[] = Array.isArray(result.content) ? result.content.filter(isPlainObject) as ContentBlock[] : [];
  const parts: ResultPart[] = [];
  for (const block of blocks) {
    if (forUserOnly(block)) {
      parts.push(text(`[${block.type} content meant for the user only; not shown to you]`));
      continue;
    }
    parts.push(...blockParts(block));
  }
  const structured = (result as { structuredContent?: unknown }).structuredContent;
  if (structured !== undefined) {
    const texts = blocks.filter((block) => block.type === 'text').map((block) => String(block.text));
    if (!textSays(texts, structured)) parts.push(text(JSON.stringify(structured)));
  }
  if (parts.length === 0) parts.push(text('(The tool returned no content.)'));
  return parts;
}
