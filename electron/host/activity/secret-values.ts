import { statSync } from 'node:fs';
import type { SecretStore } from '../store/secrets.ts';
import { isSecretKey, MIN_SECRET_LENGTH } from './redaction.ts';

/**
 * Every secret the host holds, to be searched for in what the tool-call record keeps: all values in the
 * secret store (API keys, server env and header values entered in Settings, inputs, OAuth credentials, whose
 * token fields are taken out of their JSON) and every env and header value written into `mcp.json` by hand,
 * which the host keeps from the windows like the stored ones (shared/servers/stored-values.ts).
 * Read again only when secrets.json or the config changed.
 */
export class SecretValues {
  private readonly store: SecretStore | undefined;
  private readonly written: () => unknown;
  private stamp = '';
  /** The config object last read: the config file replaces it on every change and never edits it in place. */
  private lastWritten: unknown = null;
  private values: string[] = [];

  constructor(store: SecretStore | undefined, written: () => unknown = () => undefined) {
    this.store = store;
    this.written = written;
  }

  /** Longest first, so a secret that contains another is replaced whole. */
  list(): readonly string[] {
    const written = this.written();
    const stamp = this.fileStamp();
    if (stamp !== this.stamp || written !== this.lastWritten) {
      this.values = this.read(written);
      this.stamp = stamp;
      this.lastWritten = written;
    }
    return this.values;
  }

  private fileStamp(): string {
    if (!this.store) return '';
    try {
      const stat = statSync(this.store.filePath);
      return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    } catch {
      return 'none';
    }
  }

  private read(written: unknown): string[] {
    const found = new Set<string>();
    for (const key of this.store?.keys() ?? []) {
      const value = this.store?.get(key);
      if (value !== undefined) addStored(value, found);
    }
    collectWritten(written, found, false);
    return [...found].filter((value) => value.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  }
}

/** A stored value, and when it is JSON (OAuth credentials) the strings under its secret-looking fields. */
function addStored(value: string, found: Set<string>): void {
  found.add(value);
  addWithoutScheme(value, found);
  if (!value.startsWith('{')) return;
  try {
    collectSecretFields(JSON.parse(value), found);
  } catch {
    // Not JSON: the value itself is the secret.
  }
}

function collectSecretFields(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectSecretFields(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      // `token_type` names a kind ("Bearer"), not a secret.
      if (typeof item === 'string' && ((isSecretKey(key) && !/type$/i.test(key)) || /verifier/i.test(key))) found.add(item);
      else collectSecretFields(item, found);
    }
  }
}

/** String values under any `env` or `headers` of the config as written, references (`${input:…}`) aside. */
function collectWritten(value: unknown, found: Set<string>, inEnvOrHeaders: boolean): void {
  if (Array.isArray(value)) for (const item of value) collectWritten(item, found, false);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (inEnvOrHeaders && typeof item === 'string' && !item.includes('${')) {
        found.add(item);
        addWithoutScheme(item, found);
      } else collectWritten(item, found, key === 'env' || key === 'headers');
    }
  }
}

/** `Bearer abc…` is also found as `abc…`. */
function addWithoutScheme(value: string, found: Set<string>): void {
  const credential = /^(?:Bearer|Basic|Token)\s+(\S+)$/i.exec(value)?.[1];
  if (credential) found.add(credential);
}
