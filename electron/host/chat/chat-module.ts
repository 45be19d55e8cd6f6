import type { DatabaseSync } from 'node:sqlite';
import type { HostEventBus } from '../event-bus.ts';
import type { SettingsStore } from '../store/database.ts';
import { ConversationStore } from '../store/conversations.ts';
import { SecretStore } from '../store/secrets.ts';
import type { SecretCipher } from '../store/secrets.ts';
import { createChatHandlers } from '../api/chat-handlers.ts';
import type { ChatHandlers } from '../api/chat-handlers.ts';
import { GrantStore } from './approval/grant-store.ts';
import { ToolApprover } from './approval/tool-approver.ts';
import type { ApprovalAsker } from './approval/tool-approver.ts';
import { ChatService } from './chat-service.ts';
import { ChatSettings } from './chat-settings.ts';
import { providerFactory } from './providers/provider-factory.ts';
import type { ProviderFactory } from './providers/provider-factory.ts';
import type { ChatToolHost } from './tool-offer.ts';

export interface ChatModuleOptions {
  db: DatabaseSync;
  dataDir: string;
  settings: SettingsStore;
  events: HostEventBus;
  tools: ChatToolHost;
  asker: ApprovalAsker;
  secretCipher?: SecretCipher;
  env?: Record<string, string | undefined>;
  /** Tests and the CLI may bring their own. */
  providers?: ProviderFactory;
}

export interface ChatModule {
  service: ChatService;
  conversations: ConversationStore;
  settings: ChatSettings;
  grants: GrantStore;
  secrets: SecretStore;
  approver: ToolApprover;
  handlers: ChatHandlers;
  close(): Promise<void>;
}

/** Everything chat, wired once by the Host. The database must have been opened with `chatMigrations`. */
export function createChatModule(options: ChatModuleOptions): ChatModule {
  const conversations = new ConversationStore(options.db);
  const secrets = new SecretStore(options.dataDir, options.secretCipher);
  const settings = new ChatSettings(options.settings, secrets, options.env);
  const grants = new GrantStore(options.db);
  const approver = new ToolApprover({
    grants,
    asker: options.asker,
    onGrantsChanged: (list) => options.events.emit('grants.changed', list),
  });
  const providers = options.providers ?? providerFactory(settings);
  const service = new ChatService({
    store: conversations,
    settings,
    events: options.events,
    tools: options.tools,
    approver,
    providers,
  });
  service.recoverInterrupted();
  const handlers = createChatHandlers({ chat: service, store: conversations, settings, grants, providers, events: options.events });
  return { service, conversations, settings, grants, secrets, approver, handlers, close: () => service.close() };
}
