import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import type { LogLevel, ServerState } from '../../../shared/servers/server-state.ts';
import type { HostEventBus } from '../event-bus.ts';

/** What the watches need from the servers layer. */
export interface WatchedServers {
  client(name: string): Client | undefined;
  get(name: string): ServerState | undefined;
  note(name: string, level: LogLevel, text: string): void;
}

interface ServerWatch {
  /** The connection the subscriptions below live on; a reconnect starts them over. */
  client?: Client;
  /** 2025 era: URIs subscribed with `resources/subscribe`. */
  subscribed: Set<string>;
  /** 2026-07-28: the one `subscriptions/listen` stream carrying every watched URI of this server. */
  listen?: { subscription: McpSubscription; uris: string[] };
  renewals: number;
  /** Changes to one server's subscriptions run one after another. */
  queue: Promise<void>;
}

const MAX_RENEWALS = 10;
const RENEW_AFTER_MS = 1_000;

/**
 * Resources somebody shows (an attachment chip, a preview), subscribed to where the server offers it
 * (`resources.subscribe`): `resources/subscribe` on 2025-era connections (Server Features → Resources →
 * Subscriptions), a `subscriptions/listen` stream with `resourceSubscriptions` on 2026-07-28 ones, opened again
 * when the server ends it. A resource is unsubscribed when the last one showing it lets go.
 */
export class ResourceWatches {
  private readonly servers: WatchedServers;
  private readonly events: HostEventBus;
  /** `server` → `uri` → who shows it. */
  private readonly watchers = new Map<string, Map<string, Set<string>>>();
  private readonly state = new Map<string, ServerWatch>();
  private closed = false;

  constructor(servers: WatchedServers, events: HostEventBus) {
    this.servers = servers;
    this.events = events;
  }

  /** Called for every new SDK client: updates arrive the same way in both eras. */
  configureClient(client: Client, server: string): void {
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      const uri = notification.params.uri;
      if (this.watchers.get(server)?.has(uri)) this.events.emit('context.resourceUpdated', { server, uri, at: Date.now() });
    });
  }

  /** Whether the server will tell when it changes. */
  async watch(server: string, uri: string, watcher: string): Promise<boolean> {
    let uris = this.watchers.get(server);
    if (!uris) this.watchers.set(server, (uris = new Map()));
    let who = uris.get(uri);
    if (!who) uris.set(uri, (who = new Set()));
    who.add(watcher);
    if (!this.supports(server)) return false;
    await this.sync(server);
    return true;
  }

  /** Whether anybody still shows it. */
  async unwatch(server: string, uri: string, watcher: string): Promise<boolean> {
    const uris = this.watchers.get(server);
    const who = uris?.get(uri);
    who?.delete(watcher);
    if (who && who.size === 0) uris!.delete(uri);
    if (this.supports(server)) await this.sync(server);
    return (who?.size ?? 0) > 0;
  }

  /** Server states changed: a reconnected server gets its subscriptions again. */
  serversChanged(states: readonly ServerState[]): void {
    for (const state of states) {
      const watch = this.state.get(state.name);
      if (!watch || !this.watchers.get(state.name)?.size) continue;
      const client = this.servers.client(state.name);
      if (client && client !== watch.client && this.supports(state.name)) void this.sync(state.name);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.state.values()].map((watch) => watch.listen?.subscription.close().catch(() => {})));
  }

  private supports(server: string): boolean {
    return this.servers.get(server)?.capabilities?.resources?.subscribe === true && this.servers.client(server) !== undefined;
  }

  private sync(server: string): Promise<void> {
    let watch = this.state.get(server);
    if (!watch) this.state.set(server, (watch = { subscribed: new Set(), renewals: 0, queue: Promise.resolve() }));
    const current = watch;
    current.queue = current.queue.then(() => this.apply(server, current)).catch((error: unknown) => {
      this.servers.note(server, 'warning', `resource subscriptions: ${(error as Error).message}`);
    });
    return current.queue;
  }

  private async apply(server: string, watch: ServerWatch): Promise<void> {
    const client = this.servers.client(server);
    if (!client || this.closed) return;
    if (client !== watch.client) {
      watch.client = client;
      watch.subscribed = new Set();
      watch.listen = undefined;
    }
    const wanted = [...(this.watchers.get(server)?.keys() ?? [])].sort();
    if (client.getProtocolEra() === 'modern') await this.listen(server, client, watch, wanted);
    else await this.subscribe(client, watch, wanted);
  }

  private async subscribe(client: Client, watch: ServerWatch, wanted: string[]): Promise<void> {
    for (const uri of wanted) {
      if (watch.subscribed.has(uri)) continue;
      await client.subscribeResource({ uri }, { timeout: 10_000 });
      watch.subscribed.add(uri);
    }
    for (const uri of [...watch.subscribed]) {
      if (wanted.includes(uri)) continue;
      watch.subscribed.delete(uri);
      await client.unsubscribeResource({ uri }, { timeout: 10_000 });
    }
  }

  private async listen(server: string, client: Client, watch: ServerWatch, wanted: string[]): Promise<void> {
    if (watch.listen && sameList(watch.listen.uris, wanted)) return;
    const previous = watch.listen;
    watch.listen = undefined;
    await previous?.subscription.close().catch(() => {});
    if (wanted.length === 0) return;
    const subscription = await client.listen({ resourceSubscriptions: wanted }, { timeout: 10_000 });
    const entry = { subscription, uris: wanted };
    watch.listen = entry;
    void subscription.closed.then((how) => {
      if (how === 'local' || this.closed || watch.listen !== entry || watch.client !== client) return;
      watch.listen = undefined;
      if (++watch.renewals > MAX_RENEWALS) {
        this.servers.note(server, 'warning', 'the server keeps ending the resource subscription; no longer renewing it');
        return;
      }
      this.servers.note(server, 'info', 'the server ended the resource subscription; renewing it');
      setTimeout(() => void this.sync(server), RENEW_AFTER_MS).unref();
    });
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
