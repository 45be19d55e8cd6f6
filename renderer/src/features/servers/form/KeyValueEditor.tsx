import { useId } from 'react';
import type { KeyValueRow } from './server-form.ts';

interface KeyValueEditorProps {
  legend: string;
  keyLabel: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  error?: string;
  /** Values are masked on screen (headers and env often hold tokens). */
  secret?: boolean;
  hint?: string;
}

export function KeyValueEditor({ legend, keyLabel, rows, onChange, error, secret, hint }: KeyValueEditorProps) {
  const errorId = useId();
  const update = (index: number, patch: Partial<KeyValueRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="kv-editor" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      {rows.map((row, index) => (
        <div className="kv-row" key={index}>
          <input
            aria-label={`${keyLabel} ${index + 1} name`}
            placeholder="NAME"
            value={row.key}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => update(index, { key: event.target.value })}
          />
          <input
            aria-label={`${keyLabel} ${index + 1} value`}
            placeholder="value"
            type={secret ? 'password' : 'text'}
            value={row.value}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => update(index, { value: event.target.value })}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove ${keyLabel.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
      <button type="button" className="button button-small" onClick={() => onChange([...rows, { key: '', value: '' }])}>
        Add {keyLabel.toLowerCase()}
      </button>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
