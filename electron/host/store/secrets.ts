import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Encrypts with a key the operating system keeps (Electron's `safeStorage`: Keychain, DPAPI, libsecret).
 * Injected by the Electron main process; the host core never imports `electron`.
 */
export interface SecretCipher {
  encrypt(plain: string): Uint8Array;
  decrypt(data: Uint8Array): string;
}

/**
 * A cipher the OS offers that is no protection here (Electron's Linux `basic_text`): never used to write, only
 * to read values written under it before, which then move to the owner-only file so none is lost.
 */
export interface SecretFallback {
  decrypt(data: Uint8Array): string;
  /** Why values are not encrypted here, shown in Settings. */
  reason: string;
}

/** Where secrets are kept, as the person is told. */
export interface SecretStorageInfo {
  encrypted: boolean;
  note?: string;
}

type StoredSecret = { enc: 'os'; data: string } | { enc: 'plain'; value: string };

interface SecretsFile {
  version: 1;
  secrets: Record<string, StoredSecret>;
}

export const SECRETS_FILE_NAME = 'secrets.json';
const FILE_MODE = 0o600;

/**
 * API keys and tokens, in `<dataDir>/secrets.json`, readable by the owner only. With a cipher each value is
 * encrypted by the OS keychain; without one (browser mode, CLI) the file's 0600 mode is the protection, as
 * with `~/.netrc` or `~/.aws/credentials`. Values never appear in an error message.
 */
export class SecretStore {
  readonly filePath: string;
  private readonly cipher: SecretCipher | undefined;
  private readonly fallback: SecretFallback | undefined;

  constructor(dataDir: string, cipher?: SecretCipher, fallback?: SecretFallback) {
    this.filePath = path.join(dataDir, SECRETS_FILE_NAME);
    this.cipher = cipher;
    this.fallback = cipher ? undefined : fallback;
  }

  get encrypted(): boolean {
    return this.cipher !== undefined;
  }

  get storage(): SecretStorageInfo {
    return this.fallback ? { encrypted: this.encrypted, note: this.fallback.reason } : { encrypted: this.encrypted };
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  get(key: string): string | undefined {
    const stored = this.read().secrets[key];
    if (!stored) return undefined;
    if (stored.enc === 'plain') return stored.value;
    if (this.cipher) {
      try {
        return this.cipher.decrypt(Buffer.from(stored.data, 'base64'));
      } catch {
        return undefined;
      }
    }
    // Written under a cipher that is no protection here: read it once and keep it where the person was told.
    if (this.fallback) return this.migrate(key, stored.data, this.fallback);
    // Written under the OS keychain but read where there is none (browser mode on the same data dir).
    return undefined;
  }

  private migrate(key: string, data: string, fallback: SecretFallback): string | undefined {
    let value: string;
    try {
      value = fallback.decrypt(Buffer.from(data, 'base64'));
    } catch {
      return undefined;
    }
    this.set(key, value);
    return value;
  }

  /** The names of every stored value (the tool-call record looks for the values in what it keeps). */
  keys(): string[] {
    return Object.keys(this.read().secrets);
  }

  set(key: string, value: string): void {
    const file = this.read();
    file.secrets[key] = this.cipher
      ? { enc: 'os', data: Buffer.from(this.cipher.encrypt(value)).toString('base64') }
      : { enc: 'plain', value };
    this.write(file);
  }

  delete(key: string): void {
    const file = this.read();
    if (!(key in file.secrets)) return;
    delete file.secrets[key];
    this.write(file);
  }

  private read(): SecretsFile {
    let text: string;
    try {
      text = readFileSync(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, secrets: {} };
      throw new Error(`cannot read ${this.filePath}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, { cause: error });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // The message must not quote the file: it holds secrets.
      throw new Error(`${this.filePath} is not valid JSON; fix or remove it to store keys again`);
    }
    const secrets: Record<string, StoredSecret> = {};
    const raw = (parsed as { secrets?: unknown } | null)?.secrets;
    if (raw && typeof raw === 'object') {
      for (const [key, entry] of Object.entries(raw as Record<string, unknown>)) {
        if (isStoredSecret(entry)) secrets[key] = entry;
      }
    }
    return { version: 1, secrets };
  }

  private write(file: SecretsFile): void {
    mkdirSync(path.dirname(this.filePath), { recursive: true });
    const temp = `${this.filePath}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temp, `${JSON.stringify(file, null, 2)}\n`, { mode: FILE_MODE });
    // The mode given to writeFileSync is masked by the umask; set it outright.
    chmodSync(temp, FILE_MODE);
    renameSync(temp, this.filePath);
    chmodSync(this.filePath, FILE_MODE);
  }
}

function isStoredSecret(value: unknown): value is StoredSecret {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (entry.enc === 'os' && typeof entry.data === 'string') || (entry.enc === 'plain' && typeof entry.value === 'string');
}
