import type { ToolAnnotations as Annotations } from '@modelcontextprotocol/client';

const hints: { key: keyof Annotations; when: boolean; label: string; tone: string }[] = [
  { key: 'readOnlyHint', when: true, label: 'Read-only', tone: 'ok' },
  { key: 'destructiveHint', when: true, label: 'Destructive', tone: 'danger' },
  { key: 'idempotentHint', when: true, label: 'Idempotent', tone: 'neutral' },
  { key: 'openWorldHint', when: true, label: 'Open world', tone: 'warning' },
  { key: 'openWorldHint', when: false, label: 'Closed world', tone: 'neutral' },
];

/** The server's own description of a tool's behaviour: hints it makes, not facts the host checked. */
export function ToolAnnotations({ annotations }: { annotations: Annotations | undefined }) {
  if (!annotations) return null;
  const shown = hints.filter((hint) => annotations[hint.key] === hint.when);
  if (shown.length === 0) return null;
  return (
    <ul className="hint-list" aria-label="Hints from the server">
      {shown.map((hint) => (
        <li key={hint.label} className={`hint hint-${hint.tone}`} title="Declared by the server; not verified by Switchboard">
          {hint.label}
        </li>
      ))}
    </ul>
  );
}
