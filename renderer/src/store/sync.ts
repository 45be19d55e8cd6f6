import type { HostConnection } from '../api/host-connection.ts';
import type { AppStore } from './app-store.ts';
import { syncChat } from '../features/chat/chat-events.ts';
import { syncConsent } from '../features/consent/consent-events.ts';

/**
 * Keeps the store a mirror of the host: every host event lands in it, and each time the connection opens
 * (again) the lists are fetched whole, since events sent while the socket was down are gone.
 */
export function syncStore(connection: HostConnection, store: AppStore, onError: (error: unknown) => void = console.error): () => void {
  const { api } = connection;
  const state = store.getState;
  const offs = [
    api.on('servers.changed', (servers) => state().serversReceived(servers)),
    api.on('servers.catalogChanged', (catalog) => state().catalogReceived(catalog)),
    api.on('servers.log', (entry) => state().logReceived(entry)),
    api.on('servers.configChanged', (config) => state().configReceived(config)),
    api.on('servers.callProgress', (progress) => state().progressReceived(progress)),
    api.on('tasks.changed', (task) => state().taskReceived(task)),
    api.on('context.resourceUpdated', (update) => state().resourceUpdated(update)),
    api.on('skills.changed', (views) => state().skillsReceived(views)),
  ];
  const domains = [syncChat(api, store, onError), syncConsent(api, store, onError)];

  const refetch = () => {
    api.call('servers.list', {}).then((servers) => state().serversReceived(servers), onError);
    api.call('servers.config', {}).then((config) => state().configReceived(config), onError);
    api.call('tasks.list', {}).then((tasks) => state().tasksReceived(tasks), onError);
    api.call('skills.list', {}).then((views) => state().skillsReceived(views), onError);
    for (const domain of domains) domain.refetch();
  };

  const onState = (next: ReturnType<HostConnection['state']>) => {
    const previous = state().connection;
    state().connectionChanged(next);
    if (next.status === 'open' && next.epoch !== previous.epoch) refetch();
  };
  offs.push(connection.onStateChange(onState));
  state().connectionChanged(connection.state());
  if (connection.state().status === 'open') refetch();

  return () => {
    for (const off of offs) off();
    for (const domain of domains) domain.stop();
  };
}
