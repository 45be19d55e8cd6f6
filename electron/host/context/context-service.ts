import type { Client, ContentBlock, ReadResourceResult } from '@modelcontextprotocol/client';
import { HostError } from '../../../shared/api/host-error.ts';
import type { SendContext } from '../../../shared/api/context-api.ts';
import type { CompletionValues, ContextBlock, ContextCatalog } from '../../../shared/context/context-types.ts';
import type { ServerCatalog, ServerState } from '../../../shared/servers/server-state.ts';
import { promptContext, resourceContext } from './context-blocks.ts';
import type { PreparedContext } from './prepared-context.ts';

/** What the context layer needs from the servers layer. */
export interface ContextServers {
  list(): ServerState[];
  catalog(name: string): ServerCatalog;
  client(name: string): Client | undefined;
  readResource(server: string, uri: string): Promise<ReadResourceResult>;
}

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

const COMPLETION_TIMEOUT_MS = 10_000;
/** The spec caps a completion answer at 100 values (Server Features → Completion). */
const MAX_VALUES = 100;

/** Prompts, resources and completions of every connected server, for the composer. */
export class ContextService {
  private readonly servers: ContextServers;

  constructor(servers: ContextServers) {
    this.servers = servers;
  }

  catalog(): ContextCatalog {
    const catalog: ContextCatalog = { prompts: [], resources: [], templates: [] };
    const connected = this.servers
      .list()
      .filter((state) => state.status === 'connected')
      .map((state) => state.name)
      .sort();
    for (const server of connected) {
      const lists = this.servers.catalog(server);
      for (const prompt of lists.prompts) catalog.prompts.push({ server, prompt });
      for (const resource of lists.resources) catalog.resources.push({ server, resource });
      for (const template of lists.resourceTemplates) catalog.templates.push({ server, template });
    }
    return catalog;
  }

  /**
   * `completion/complete` for one argument, with the values filled in so far as context. A server without the
   * `completions` capability offers nothing, which is no error: the field is typed by hand.
   */
  async complete(server: string, ref: CompletionRef, argument: { name: string; value: string }, context?: Record<string, string>): Promise<CompletionValues> {
    const client = this.servers.client(server);
    if (!client) throw new HostError('server_unavailable', `server "${server}" is not connected`);
    if (!client.getServerCapabilities()?.completions) return { values: [] };
    const others = context ? Object.fromEntries(Object.entries(context).filter(([name, value]) => name !== argument.name && value !== '')) : {};
    const result = await client.complete(
      { ref, argument, ...(Object.keys(others).length > 0 ? { context: { arguments: others } } : {}) },
      { timeout: COMPLETION_TIMEOUT_MS },
    );
    const { values, total, hasMore } = result.completion;
    return { values: values.slice(0, MAX_VALUES), ...(total !== undefined ? { total } : {}), ...(hasMore !== undefined ? { hasMore } : {}) };
  }

  /** Reads the attached resources (now, so the model gets what they hold at the send) and shapes the prompt messages. */
  async prepare(context: SendContext, text: string, limit: number): Promise<PreparedContext> {
    const messages: PreparedContext['messages'] = [];
    for (const prompt of context.prompts ?? []) {
      const source = { kind: 'prompt' as const, server: prompt.server, prompt: prompt.prompt, ...(prompt.title ? { title: prompt.title } : {}) };
      for (const message of prompt.messages) {
        const block = promptContext(source, { content: message.content as ContentBlock }, limit);
        const last = messages.at(-1);
        if (last?.role === message.role) last.blocks.push(block);
        else messages.push({ role: message.role, blocks: [block] });
      }
    }
    const attached: ContextBlock[] = [];
    for (const { server, uri } of context.attachments ?? []) {
      const result = await this.servers.readResource(server, uri);
      attached.push(resourceContext({ kind: 'resource', server, uri, name: this.resourceName(server, uri) }, result, limit));
    }
    if (messages.at(-1)?.role === 'assistant' && attached.length === 0 && text.trim() === '') {
      throw new HostError('invalid_params', "the prompt's last message is the assistant's: write what you want to say next");
    }
    return { messages, attached };
  }

  private resourceName(server: string, uri: string): string {
    try {
      const listed = this.servers.catalog(server).resources.find((resource) => resource.uri === uri);
      if (listed) return listed.title ?? listed.name;
    } catch {
      // The server went away meanwhile; the read above would have failed first.
    }
    return uri.split('/').filter(Boolean).at(-1) ?? uri;
  }
}
