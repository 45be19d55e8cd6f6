interface JsonViewProps {
  value: unknown;
  label?: string;
}

/** Formatted JSON as text: never HTML, whatever a server put in it. */
export function JsonView({ value, label }: JsonViewProps) {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return (
    <pre className="code-block json-view" aria-label={label} tabIndex={0}>
      {text}
    </pre>
  );
}
