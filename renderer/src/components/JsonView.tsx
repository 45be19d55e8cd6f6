import { ServerText } from './ServerText.tsx';

interface JsonViewProps {
  value: unknown;
  label?: string;
}

/** Formatted JSON as text: never HTML, whatever a server put in it, and its hidden characters shown. */
export function JsonView({ value, label }: JsonViewProps) {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return (
    <pre className="code-block json-view" aria-label={label} tabIndex={0}>
      <ServerText text={text} />
    </pre>
  );
}
