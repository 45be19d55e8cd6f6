import type { ServerConfig } from '../../../shared/servers/server-config.ts';
import type { ConsentBroker } from '../consent/consent-broker.ts';
import { launchFingerprint } from '../consent/launch-fingerprint.ts';
import type { TrustGate } from '../servers/human-hooks.ts';
import type { TrustStore } from './trust-store.ts';

/**
 * Asks before a launch runs that the person has not trusted: a server from a paste, an import, the add/edit
 * form, an edit of mcp.json, or one already in mcp.json the first time the app starts (that is an import
 * too), and again whenever what it runs changes (a new fingerprint).
 */
export function consentTrustGate(store: TrustStore, broker: Pick<ConsentBroker, 'request'>): TrustGate {
  return {
    verdict(server, config) {
      const fingerprint = launchFingerprint(config);
      const previous = store.previous(server);
      return { trust: { trusted: store.isTrusted(fingerprint), fingerprint }, changed: previous !== undefined && previous !== fingerprint };
    },
    async ask(server, config: ServerConfig, signal, opened) {
      const fingerprint = launchFingerprint(config);
      const previous = store.previous(server);
      const result = await broker.request(
        'server-trust',
        server,
        { config, ...(previous !== undefined && previous !== fingerprint ? { previousFingerprint: previous } : {}) },
        { signal, onOpen: ([request]) => opened(request.id) },
      );
      if (result.outcome !== 'answered') return { trusted: false, reason: `the trust question closed: ${result.reason}` };
      if (result.answer.decision === 'deny') return { trusted: false, reason: 'you did not trust this server' };
      try {
        store.trust(server, fingerprint, result.answer.remember);
      } catch {
        // Remembering failed (a full disk, a read-only folder): the person's answer still holds for this run,
        // and `ask` must never reject (nothing would handle it).
        store.trust(server, fingerprint, false);
      }
      return { trusted: true };
    },
  };
}
