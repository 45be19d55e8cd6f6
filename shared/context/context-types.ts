import type { ContentBlock, Prompt, Resource } from '@modelcontextprotocol/client';
import type { ResourceTemplateEntry } from '../servers/server-state.ts';

/** Where a piece of context came from: a prompt's message, or a resource the person attached. */
export type ContextSource =
  | { kind: 'prompt'; server: string; prompt: string; title?: string }
  | { kind: 'resource'; server: string; uri: string; name: string; mimeType?: string };

/**
 * Context the person brought into the conversation. Prompt messages become messages of their own role; attached
 * resources sit in the person's message before its text. `content` holds MCP content blocks as the server sent
 * them (a resource's contents as embedded `resource` blocks), cut to the context cap.
 */
export interface ContextBlock {
  type: 'context';
  source: ContextSource;
  content: ContentBlock[];
  /** Characters of text (base64 for binaries) in what the server sent. */
  size: number;
  /** The content was cut to the context cap (Settings → Chat): how much there was and how much was kept. */
  capped?: { originalChars: number; keptChars: number };
}

export interface CatalogPrompt {
  server: string;
  prompt: Prompt;
}

export interface CatalogResource {
  server: string;
  resource: Resource;
}

export interface CatalogTemplate {
  server: string;
  template: ResourceTemplateEntry;
}

/** Prompts, resources and templates of every connected server, for the composer's `/` and `@`. */
export interface ContextCatalog {
  prompts: CatalogPrompt[];
  resources: CatalogResource[];
  templates: CatalogTemplate[];
}

/** What `completion/complete` offered for one argument. */
export interface CompletionValues {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** A watched resource changed on its server (`notifications/resources/updated`). */
export interface ResourceUpdate {
  server: string;
  uri: string;
  at: number;
}
