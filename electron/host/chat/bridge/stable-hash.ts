/**
 * FNV-1a (32-bit) over UTF-16 code units, as 8 lowercase hex digits. Not for security: a short, stable
 * fingerprint that keeps a tool name the same across runs, machines and Node versions.
 */
export function stableHash(text: string, seed = 0): string {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
