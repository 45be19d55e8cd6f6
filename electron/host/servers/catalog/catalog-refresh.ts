import { canonicalJson } from '../canonical-json.ts';
import type { ManagedServer } from '../managed-server.ts';

/**
 * When the server's ttlMs hint says its lists may be stale, fetches them again in the background (the SDK cache
 * fetches only what has expired) and reports a change; the caller is answered from what is held now.
 */
export function refreshExpiredCatalog(server: ManagedServer, changed: () => void, warn: (text: string) => void): void {
  const connection = server.connection;
  if (server.status !== 'connected' || !connection || server.catalogRefreshing) return;
  if (server.catalogExpiresAt === undefined || server.catalogExpiresAt > Date.now()) return;
  server.catalogRefreshing = true;
  connection
    .fetchCatalog('use')
    .then(({ catalog, expiresAt }) => {
      if (server.connection !== connection) return;
      const different = canonicalJson(catalog) !== canonicalJson(server.lists);
      server.lists = catalog;
      server.catalogExpiresAt = expiresAt;
      server.catalogUpdatedAt = Date.now();
      if (different) changed();
    })
    .catch((error: unknown) => warn(`refreshing the catalog failed: ${(error as Error).message}`))
    .finally(() => {
      server.catalogRefreshing = false;
    });
}
