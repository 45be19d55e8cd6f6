import type { z } from 'zod';
import { HostError } from '../../../shared/api/host-error.ts';
import type { chatMethods, ChatResults } from '../../../shared/api/chat-api.ts';
import type { GrantStore } from '../chat/approval/grant-store.ts';
import type { ToolReviews } from '../chat/approval/tool-reviews.ts';
import type { ChatService } from '../chat/chat-service.ts';
import type { ChatSettings } from '../chat/chat-settings.ts';
import { exportJson, exportMarkdown } from '../chat/conversation-export.ts';
import { listModelsOrFallback } from '../chat/providers/provider-factory.ts';
import type { ProviderFactory } from '../chat/providers/provider-factory.ts';
import type { ConversationStore } from '../store/conversations.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { SendContext } from '../../../shared/api/context-api.ts';
import type { PreparedContext } from '../context/prepared-context.ts';

type ChatMethodName = keyof typeof chatMethods;

export type ChatHandlers = {
  [M in ChatMethodName]: (params: z.output<(typeof chatMethods)[M]>) => Promise<ChatResults[M]>;
};

export interface ChatHandlerDeps {
  chat: ChatService;
  store: ConversationStore;
  settings: ChatSettings;
  grants: GrantStore;
  reviews: ToolReviews;
  providers: ProviderFactory;
  events: HostEventBus;
  /** Reads a send's attachments and shapes its prompt messages (the context layer), capped to `limit` characters each. */
  prepareContext?: (context: SendContext, text: string, limit: number) => Promise<PreparedContext>;
}

/** The chat, settings and grants part of HostApi. No result carries an API key: settings say only whether one is set. */
export function createChatHandlers({ chat, store, settings, grants, reviews, providers, events, prepareContext }: ChatHandlerDeps): ChatHandlers {
  const settingsChanged = <T>(result: T): T => {
    events.emit('settings.changed', settings.get());
    return result;
  };
  return {
    'chat.list': async () => chat.list(),
    'chat.search': async ({ query }) => store.search(query),
    'chat.get': async ({ id, limit, from }) => chat.get(id, limit === undefined && from === undefined ? undefined : { limit, from }),
    'chat.olderMessages': async ({ id, before, limit }) => {
      if (!store.summary(id)) throw new HostError('not_found', `no conversation with id ${id}`);
      return store.olderMessages(id, before, limit);
    },
    'chat.create': async ({ title, replaceEmpty }) => chat.create(title, { replaceEmpty }),
    'chat.rename': async ({ id, title }) => chat.rename(id, title),
    'chat.delete': async ({ id }) => {
      await chat.delete(id);
      events.emit('grants.changed', reviews.grants());
      return { deleted: id };
    },
    'chat.export': async ({ id, format }) => (format === 'markdown' ? exportMarkdown(chat.get(id)) : exportJson(chat.get(id))),
    'chat.send': async ({ context, ...params }) => {
      const prepared = context && prepareContext ? await prepareContext(context, params.text, settings.get().contextCharLimit) : undefined;
      const { userMessageId, done } = chat.send(prepared ? { ...params, context: prepared } : params);
      // The UI follows the turn through events; a failure the turn could not put in the conversation is
      // reported here rather than left as an unhandled rejection.
      done.catch((error: unknown) => process.emitWarning(`a chat turn failed: ${error instanceof Error ? error.message : String(error)}`));
      return { userMessageId };
    },
    'chat.stop': async ({ conversationId }) => ({ stopped: await chat.stop(conversationId) }),
    'chat.setToolEnabled': async ({ conversationId, server, tool, enabled }) => chat.setToolEnabled(conversationId, server, tool, enabled),
    'settings.get': async () => settings.get(),
    'settings.update': async (patch) => settingsChanged(settings.update(patch)),
    'settings.setApiKey': async ({ provider, apiKey }) => settingsChanged(settings.setApiKey(provider, apiKey)),
    'settings.listModels': async ({ provider }) => listModelsOrFallback(providers, provider),
    'grants.list': async () => reviews.grants(),
    'grants.revoke': async ({ id }) => {
      if (!grants.revoke(id)) throw new HostError('not_found', `no grant with id ${id}`);
      events.emit('grants.changed', reviews.grants());
      return { revoked: id };
    },
    'grants.heldTools': async () => reviews.held(),
    'grants.review': async ({ server, tool }) => reviews.review(server, tool),
  };
}
