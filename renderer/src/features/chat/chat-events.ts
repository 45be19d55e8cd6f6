import type { HostApi } from '../../../../shared/api/host-api.ts';
import { HostError } from '../../../../shared/api/host-error.ts';
import type { AppStore } from '../../store/app-store.ts';
import { createDeltaBatcher } from './delta-batcher.ts';
import type { Scheduler } from './delta-batcher.ts';
import { OLDER_PAGE, OPEN_PAGE } from './message-pages.ts';

export interface DomainSync {
  /** Fetches everything whole, on every (re)open of the connection. */
  refetch(): void;
  stop(): void;
}

/** Chat, settings and grants: events into the store, and the open conversation fetched whenever it changes. */
export function syncChat(api: HostApi, store: AppStore, onError: (error: unknown) => void, schedule?: Scheduler): DomainSync {
  const state = store.getState;
  const batcher = createDeltaBatcher((deltas) => state().deltasReceived(deltas), schedule ? { schedule } : {});

  const fetchOpen = (id: string, from: string | undefined) => {
    state().conversationFetchStarted(id);
    // The newest page only (or from a search hit on); older pages follow as the person scrolls up.
    api.call('chat.get', from ? { id, from, limit: OPEN_PAGE } : { id, limit: OPEN_PAGE }).then(
      (conversation) => state().conversationLoaded(conversation),
      (error: unknown) => {
        // Deleted meanwhile: the list (refetched or by event) closes it; anything else is worth a report.
        if (!(error instanceof HostError && error.code === 'not_found')) onError(error);
      },
    );
  };

  const fetchOlder = (id: string, before: string) => {
    api.call('chat.olderMessages', { id, before, limit: OLDER_PAGE }).then(
      (page) => state().olderMessagesLoaded(id, page.messages, page.hasOlder),
      (error: unknown) => {
        state().olderMessagesFailed(id);
        if (!(error instanceof HostError && error.code === 'not_found')) onError(error);
      },
    );
  };

  const offs = [
    api.on('chat.conversations', (list) => state().conversationsReceived(list)),
    api.on('chat.message', ({ conversationId, message }) => {
      batcher.dropFor(message.id);
      state().messageReceived(conversationId, message);
      state().toolInputsSettled(message);
    }),
    api.on('chat.toolInput', (input) => state().toolInputReceived(input)),
    api.on('chat.delta', (delta) => batcher.push(delta)),
    api.on('chat.turn', ({ conversationId, state: turn }) => state().turnChanged(conversationId, turn)),
    api.on('settings.changed', (settings) => state().settingsReceived(settings)),
    api.on('grants.changed', (grants) => state().grantsReceived(grants)),
    api.on('grants.heldTools', (held) => state().heldToolsReceived(held)),
    store.subscribe((next, previous) => {
      const open = next.openConversation;
      const before = previous.openConversation;
      if (!open || next.connection.status !== 'open') return;
      if (open.id !== before?.id || (open.from !== undefined && open.from !== before.from)) fetchOpen(open.id, open.from);
      else if (open.loadingOlder && !before.loadingOlder) fetchOlder(open.id, open.messages[0].id);
    }),
  ];

  return {
    refetch() {
      batcher.flush();
      state().forgetTurns();
      api.call('chat.list', {}).then((list) => state().conversationsReceived(list), onError);
      api.call('settings.get', {}).then((settings) => state().settingsReceived(settings), onError);
      api.call('grants.list', {}).then((grants) => state().grantsReceived(grants), onError);
      api.call('grants.heldTools', {}).then((held) => state().heldToolsReceived(held), onError);
      const open = state().openConversation;
      if (open) fetchOpen(open.id, open.from);
    },
    stop() {
      for (const off of offs) off();
    },
  };
}
