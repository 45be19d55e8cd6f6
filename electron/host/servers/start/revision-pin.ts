import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import type { ClientOptions, PriorDiscovery } from '@modelcontextprotocol/client';
import { isModernRevision } from '../../../../shared/servers/protocol-revision.ts';
import type { ServerConfig } from '../../../../shared/servers/server-config.ts';
import { transportOf } from '../../../../shared/servers/server-config.ts';

type Negotiation = Pick<ClientOptions, 'versionNegotiation' | 'supportedProtocolVersions'>;

/**
 * How the SDK client negotiates with a server. Without `protocolVersion` in its entry: `server/discover`
 * first, `initialize` when that is refused (auto). With one, that revision only: a 2026-07-28 pin still asks
 * `server/discover` and fails on a 2025-era server; a 2025 pin skips the probe and offers that revision in
 * `initialize` (Lifecycle → Version negotiation: the server answers with it, or with another it supports,
 * which is accepted only if older).
 */
export function negotiationFor(config: ServerConfig, legacySse: boolean, probeTimeoutMs: number): Negotiation {
  const pin = config.protocolVersion;
  if (pin && isModernRevision(pin)) return { versionNegotiation: { mode: { pin }, probe: { timeoutMs: probeTimeoutMs } } };
  if (pin) {
    return {
      versionNegotiation: { mode: 'legacy' },
      supportedProtocolVersions: [pin, ...SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version < pin)],
    };
  }
  return {
    versionNegotiation: {
      // The 2024-11-05 HTTP+SSE transport predates the 2026 revision; probing it would only cost a round trip.
      mode: transportOf(config) === 'sse' || legacySse ? 'legacy' : 'auto',
      probe: { timeoutMs: probeTimeoutMs },
    },
  };
}

/** The era a pinned entry is connected in without a probe or a remembered verdict; undefined when it is not pinned. */
export function pinnedPrior(config: ServerConfig): PriorDiscovery | undefined {
  if (!config.protocolVersion) return undefined;
  return isModernRevision(config.protocolVersion) ? undefined : { kind: 'legacy' };
}

export function isPinned(config: ServerConfig): boolean {
  return config.protocolVersion !== undefined;
}
