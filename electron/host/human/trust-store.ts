import type { SettingsStore } from '../store/database.ts';

const KEY = 'servers.trust';

interface StoredTrust {
  /** Launch fingerprints the person trusted, with when. */
  fingerprints: Record<string, { at: number }>;
  /** The fingerprint last trusted under each server name, to tell "changed" from "new". */
  byName: Record<string, string>;
}

/**
 * Trust is stored against the launch fingerprint, not the name: renaming a server keeps it, changing what it
 * runs asks again. Trust for one start only lives in memory until the host stops.
 */
export class TrustStore {
  private readonly settings: SettingsStore;
  private readonly forThisRun = new Set<string>();
  private readonly now: () => number;

  constructor(settings: SettingsStore, now: () => number = Date.now) {
    this.settings = settings;
    this.now = now;
  }

  isTrusted(fingerprint: string): boolean {
    return this.forThisRun.has(fingerprint) || Object.hasOwn(this.stored().fingerprints, fingerprint);
  }

  /** The fingerprint trusted last under this name, if any. */
  previous(server: string): string | undefined {
    return this.stored().byName[server];
  }

  trust(server: string, fingerprint: string, remember: boolean): void {
    if (!remember) {
      this.forThisRun.add(fingerprint);
      return;
    }
    const stored = this.stored();
    stored.fingerprints[fingerprint] = { at: this.now() };
    stored.byName[server] = fingerprint;
    this.settings.set(KEY, stored);
  }

  /** Forgets trust in this launch (under any name). */
  revoke(fingerprint: string): void {
    this.forThisRun.delete(fingerprint);
    const stored = this.stored();
    delete stored.fingerprints[fingerprint];
    this.settings.set(KEY, stored);
  }

  private stored(): StoredTrust {
    const value = this.settings.get<Partial<StoredTrust> | null>(KEY, null);
    return {
      fingerprints: { ...(value?.fingerprints ?? {}) },
      byName: { ...(value?.byName ?? {}) },
    };
  }
}
