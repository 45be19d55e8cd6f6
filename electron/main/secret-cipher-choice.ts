/** Linux `safeStorage` backends that keep the key in a real keyring (Electron `safeStorage.getSelectedStorageBackend`). */
const KEYRING_BACKENDS: ReadonlySet<string> = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

export type CipherChoice =
  | { use: 'os' }
  /** The owner-only file, and why: said to the person, since the values are then not encrypted. */
  | { use: 'file'; message: string };

const FILE = 'API keys and tokens are kept in an owner-only file (mode 0600) in the data folder, not encrypted';

/**
 * Whether `safeStorage` protects secrets here. On Linux without a keyring Electron falls back to `basic_text`,
 * which encrypts with a key written in its own source: anyone who can read the file can decrypt it, so such
 * values must not be stored as if encrypted. `linuxBackend` is only read on Linux, after the app is ready.
 */
export function chooseSecretCipher(platform: NodeJS.Platform, encryptionAvailable: boolean, linuxBackend?: string): CipherChoice {
  if (!encryptionAvailable) return { use: 'file', message: `The system offers no secret storage: ${FILE}.` };
  if (platform !== 'linux' || (linuxBackend !== undefined && KEYRING_BACKENDS.has(linuxBackend))) return { use: 'os' };
  return {
    use: 'file',
    message:
      `No system keyring was found (Electron's secret storage is "${linuxBackend ?? 'unknown'}", which is no protection): ${FILE}. ` +
      'Install and unlock GNOME Keyring or KWallet, then restart Switchboard, to encrypt them.',
  };
}
