import type { DatabaseSync } from 'node:sqlite';
import type { HostEventBus } from '../event-bus.ts';
import type { SettingsStore } from '../store/database.ts';
import { ConversationStore } from '../store/conversations.ts';
import type { SecretStore } from '../store/secrets.ts';
import { createChatHandlers } from '../api/chat-handlers.ts';
import type { ChatHandlerDeps, ChatHandlers } from '../api/chat-handlers.ts';
import type { ConsentBroker } from '../consent/consent-broker.ts';
import { GrantStore } from './approval/grant-store.ts';
import { PinStore } from './approval/pin-store.ts';
import { ToolApprover } from './approval/tool-approver.ts';
import type { ApprovalAsker } from './approval/tool-approver.ts';
import { ToolReviews } from './approval/tool-reviews.ts';
import type { ReviewedServers } from './approval/tool-reviews.ts';
import { ChatService } from './chat-service.ts';
import type { ChatServiceOptions } from './chat-service.ts';
import { ChatSettings } from './chat-settings.ts';
import { providerFactory } from './providers/provider-factory.ts';
import type { ProviderFactory } from './providers/provider-factory.ts';
import type { ChatToolHost } from './tool-offer.ts';
import type { ChatSkillHost } from './skills/skill-tools.ts';

export interface ChatModuleOptions {
  db: DatabaseSync;
  settings: SettingsStore;
  events: HostEventBus;
  tools: ChatToolHost & ReviewedServers;
  /** Skills the servers serve, offered to the model through `load_skill` and `read_skill_file`. */
  skills?: ChatSkillHost;
  asker: ApprovalAsker;
  /** Where reviews of changed tools are asked. */
  broker: Pick<ConsentBroker, 'request' | 'open'>;
  /** The host's one secret store (API keys live there beside server secrets and tokens). */
  secrets: SecretStore;
  env?: Record<string, string | undefined>;
  /** Tests and the CLI may bring their own. */
  providers?: ProviderFactory;
  prepareContext?: ChatHandlerDeps['prepareContext'];
  tracer?: ChatServiceOptions['tracer'];
}

export interface ChatModule {
  service: ChatService;
  conversations: ConversationStore;
  settings: ChatSettings;
  grants: GrantStore;
  reviews: ToolReviews;
  secrets: SecretStore;
  approver: ToolApprover;
  handlers: ChatHandlers;
  close(): Promise<void>;
}

/** Everything chat, wired once by the Host. The database must have been opened with `chatMigrations`. */
export function createChatModule(options: ChatModuleOptions): ChatModule {
  const conversations = new ConversationStore(options.db);
  // Once: search now covers tool results and attached context, also in conversations saved before.
  if (options.settings.get('chat.searchIndexVersion', 1) < 2) {
    conversations.reindexSearch();
    options.settings.set('chat.searchIndexVersion', 2);
  }
  const secrets = options.secrets;
  const settings = new ChatSettings(options.settings, secrets, options.env);
  const grants = new GrantStore(options.db);
  const pins = new PinStore(options.db);
  const reviews = new ToolReviews({ pins, grants, servers: options.tools, broker: options.broker, events: options.events });
  const stopWatching = reviews.watch();
  const approver = new ToolApprover({
    grants,
    pins,
    asker: options.asker,
    onGrantsChanged: () => options.events.emit('grants.changed', reviews.grants()),
    onPinned: () => reviews.refresh(),
  });
  const providers = options.providers ?? providerFactory(settings);
  const service = new ChatService({
    store: conversations,
    settings,
    events: options.events,
    tools: options.tools,
    skills: options.skills,
    approver,
    providers,
    tracer: options.tracer,
  });
  service.recoverInterrupted();
  const handlers = createChatHandlers({
    chat: service,
    store: conversations,
    settings,
    grants,
    reviews,
    providers,
    events: options.events,
    prepareContext: options.prepareContext,
  });
  return {
    service,
    conversations,
    settings,
    grants,
    reviews,
    secrets,
    approver,
    handlers,
    close: () => {
      stopWatching();
      return service.close();
    },
  };
}
