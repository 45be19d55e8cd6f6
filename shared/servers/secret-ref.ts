/**
 * How `mcp.json` points at a value kept in Switchboard's secret store: `"${switchboard-secret:<id>}"` in place
 * of an env or header value. Values typed in the add/edit form are stored this way; the host alone swaps the
 * reference for the value when it launches the server. Another host reading the file sees a placeholder that
 * names the program holding the value, never the value. Ids are random, so a reference says nothing about
 * the value, and a new value gets a new id (the entry changes, so the server restarts with it).
 */
const REFERENCE = /^\$\{switchboard-secret:([A-Za-z0-9_-]{8,64})\}$/;

export function secretRef(id: string): string {
  return `\${switchboard-secret:${id}}`;
}

/** The id a reference points at, or undefined when the value is not a reference. */
export function secretRefId(value: unknown): string | undefined {
  return typeof value === 'string' ? REFERENCE.exec(value)?.[1] : undefined;
}

export function isSecretRef(value: unknown): boolean {
  return secretRefId(value) !== undefined;
}
