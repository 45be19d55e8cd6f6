import { isSecretRef } from './secret-ref.ts';

/**
 * Env and header values of configured servers (tokens, API keys) stay in the host: the renderer only ever gets
 * entries where each such value is replaced by a marker, with every key kept, and sends a marker back in
 * `servers.update` to mean "keep what is stored for this key". `STORED_VALUE` stands for a value in the
 * secret store (mcp.json holds a reference to it); `WRITTEN_VALUE` for one a person wrote into mcp.json by
 * hand, which stays there as plain text, so the form can say which is which.
 *
 * The markers hold NUL characters, which can be in neither an environment variable (C strings) nor an HTTP
 * header value (RFC 9110), so they can never be mistaken for a real value, and the entry schemas refuse them.
 */
export const STORED_VALUE = '\u0000switchboard:stored-value\u0000';
export const WRITTEN_VALUE = '\u0000switchboard:written-value\u0000';

/** The parts of an entry whose values are never shown. */
export const SECRET_FIELDS = ['env', 'headers'] as const;

export type SecretField = (typeof SECRET_FIELDS)[number];

/** Either marker: both mean "keep the value the host has for this key". */
export function isStoredValue(value: unknown): boolean {
  return value === STORED_VALUE || value === WRITTEN_VALUE;
}

function markerFor(value: unknown): string {
  return isSecretRef(value) ? STORED_VALUE : WRITTEN_VALUE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The entry as the renderer may see it. A field that is not an object (invalid, but a string could still be
 * `TOKEN=…`) is replaced as a whole.
 */
export function redactEntry(entry: unknown): unknown {
  if (!isRecord(entry)) return entry;
  const result: Record<string, unknown> = { ...entry };
  for (const field of SECRET_FIELDS) {
    if (!Object.hasOwn(result, field)) continue;
    const value = result[field];
    result[field] = isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, markerFor(item)])) : WRITTEN_VALUE;
  }
  return result;
}

export function redactEntries(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, redactEntry(entry)]));
}

/** Where the marker occurs in a value, as paths of keys and indexes. */
export function findStoredValues(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []): (string | number)[][] {
  if (isStoredValue(value)) found.push(path);
  else if (Array.isArray(value)) value.forEach((item, index) => findStoredValues(item, [...path, index], found));
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) findStoredValues(item, [...path, key], found);
  return found;
}
