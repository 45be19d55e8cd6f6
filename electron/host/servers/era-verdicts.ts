import { createHash } from 'node:crypto';
import type { PriorDiscovery } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../shared/servers/server-config.ts';
import { isStdioConfig, transportOf } from '../../../shared/servers/server-config.ts';
import type { SettingsStore } from '../store/database.ts';

/**
 * A legacy verdict never fails (an upgraded server still answers `initialize`), so it is only trusted for a
 * while; after that the server is probed again and may turn out to speak the 2026-07-28 revision.
 */
export const LEGACY_VERDICT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface StoredVerdict {
  prior: PriorDiscovery;
  /** Epoch ms when the probe gave this verdict. */
  at: number;
}

/**
 * Remembers which protocol era each server speaks, keyed by a hash of how it is launched (a changed command or
 * URL is a different server). Passing the verdict as `connect({ prior })` skips the probe: no second process
 * on stdio, no extra round trip on HTTP.
 */
export class EraVerdicts {
  private readonly settings: SettingsStore;
  private readonly now: () => number;

  constructor(settings: SettingsStore, now: () => number = Date.now) {
    this.settings = settings;
    this.now = now;
  }

  recall(config: ServerConfig): PriorDiscovery | undefined {
    const stored = this.settings.get<StoredVerdict | undefined>(verdictKey(config), undefined);
    if (!stored || typeof stored !== 'object' || !stored.prior) return undefined;
    if (stored.prior.kind === 'legacy' && this.now() - stored.at > LEGACY_VERDICT_MAX_AGE_MS) return undefined;
    if (stored.prior.kind === 'modern' && !stored.prior.discover) return undefined;
    return stored.prior;
  }

  /** A cache: when it cannot be written (a full disk) the next start probes again, and the connection stands. */
  remember(config: ServerConfig, prior: PriorDiscovery): void {
    try {
      this.settings.set(verdictKey(config), { prior, at: this.now() } satisfies StoredVerdict);
    } catch {
      // Nothing is lost but a probe.
    }
  }

  forget(config: ServerConfig): void {
    this.settings.set(verdictKey(config), undefined);
  }
}

/** Only what decides which program or endpoint answers; values are hashed, never stored in the clear. */
export function verdictKey(config: ServerConfig): string {
  const identity = isStdioConfig(config)
    ? { transport: 'stdio', command: config.command, args: config.args ?? [], cwd: config.cwd ?? null, env: sortedEntries(config.env) }
    : { transport: transportOf(config), url: config.url, headers: sortedEntries(config.headers) };
  const digest = createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
  return `servers.era.${digest}`;
}

function sortedEntries(record: Record<string, string> | undefined): [string, string][] {
  return Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
