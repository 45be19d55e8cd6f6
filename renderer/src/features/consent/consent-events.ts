import type { HostApi } from '../../../../shared/api/host-api.ts';
import type { AppStore } from '../../store/app-store.ts';
import type { DomainSync } from '../chat/chat-events.ts';

/** Open consent requests and the standing choices about them (approval mode, per-server permissions): whole on every (re)open, events in between. */
export function syncConsent(api: HostApi, store: AppStore, onError: (error: unknown) => void): DomainSync {
  const state = store.getState;
  const offs = [
    api.on('consent.opened', (request) => state().consentOpened(request)),
    api.on('consent.closed', (event) => state().consentClosed(event)),
    api.on('human.changed', (human) => state().humanReceived(human)),
  ];
  return {
    refetch() {
      api.call('consent.list', {}).then((requests) => state().consentListed(requests), onError);
      api.call('human.get', {}).then((human) => state().humanReceived(human), onError);
    },
    stop() {
      for (const off of offs) off();
    },
  };
}
