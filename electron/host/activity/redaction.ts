export const REDACTED = '[redacted]';

/** Stored secrets shorter than this are not searched for: a 3-letter value would blank ordinary words. */
export const MIN_SECRET_LENGTH = 6;

// Compared with case, `-`, `_`, `.` and spaces removed: `API_KEY`, `apiKey` and `x-api-key` read alike.
const SECRET_KEY_PARTS = ['password', 'passwd', 'passphrase', 'secret', 'apikey', 'accesskey', 'authorization', 'cookie', 'credential', 'privatekey', 'bearer'];
// `token` but not a count of them (`max_tokens`, `tokens`), which is what a model's arguments often carry.
const TOKEN = /token(?!s)/;

/** Whether a key's value is a secret by its name: password, token, api_key, authorization, cookie and the like. */
export function isSecretKey(key: string): boolean {
  const plain = key.toLowerCase().replace(/[-_.\s]/g, '');
  return SECRET_KEY_PARTS.some((part) => plain.includes(part)) || TOKEN.test(plain);
}

/**
 * A copy of a JSON value with the values of secret-looking keys replaced by the marker (whole, however
 * nested) and every occurrence of a known secret inside any string replaced too.
 */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[redactText(key, secrets)] = isSecretKey(key) && item !== null && item !== '' ? REDACTED : redactValue(item, secrets);
    }
    return copy;
  }
  return value;
}

/** `text` with each known secret in it replaced by the marker, longest first so one secret inside another goes whole. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}
