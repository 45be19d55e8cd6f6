export type ArgumentsCheck = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export function formatArguments(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}

/** Tool arguments as edited in the approval dialog: JSON, and an object (what `tools/call` takes). */
export function parseArguments(text: string): ArgumentsCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, error: `The arguments must be a JSON object ({ … }), not ${kind}.` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Whether edited arguments differ from the model's; key order and spacing do not count. */
export function argumentsChanged(original: unknown, edited: unknown): boolean {
  return canonical(original) !== canonical(edited);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}
