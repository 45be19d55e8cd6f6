import { useId, useRef } from 'react';
import type { KeyValueRow } from './server-form.ts';

interface KeyValueEditorProps {
  legend: string;
  keyLabel: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  error?: string;
  /**
   * Values are write-only (headers and env often hold tokens): masked, and never written back into the page,
   * so a typed or pasted value is not in the DOM's attributes either.
   */
  secret?: boolean;
  hint?: string;
}

/** Stable keys per row, so an uncontrolled secret input stays with its row when a row above it is removed. */
function useRowIds(count: number): { ids: number[]; remove: (index: number) => void } {
  const state = useRef({ ids: [] as number[], next: 0 }).current;
  while (state.ids.length < count) state.ids.push(state.next++);
  if (state.ids.length > count) state.ids.length = count;
  return { ids: state.ids, remove: (index) => state.ids.splice(index, 1) };
}

export function KeyValueEditor({ legend, keyLabel, rows, onChange, error, secret, hint }: KeyValueEditorProps) {
  const errorId = useId();
  const rowIds = useRowIds(rows.length);
  const update = (index: number, patch: Partial<KeyValueRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const label = keyLabel.toLowerCase();
  return (
    <fieldset className="kv-editor" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      {secret && <p className="field-hint">Values you type here are kept in Switchboard&apos;s secret storage; mcp.json only refers to them.</p>}
      {rows.some((row) => row.stored && row.storedIn === 'mcp.json') && (
        <p className="field-hint">
          Values marked “in mcp.json” were written into that file by hand and stay there as plain text. Replace one to move it to secret
          storage.
        </p>
      )}
      {rows.some((row) => row.stored) && <p className="field-hint">Stored values are never shown here. Replace one to set a new value.</p>}
      {rows.map((row, index) => {
        const valueLabel = `${keyLabel} ${index + 1} value`;
        return (
          <div className={row.stored ? 'kv-row kv-row-stored' : 'kv-row'} key={rowIds.ids[index]}>
            <input
              aria-label={`${keyLabel} ${index + 1} name`}
              placeholder="NAME"
              value={row.key}
              readOnly={row.stored !== undefined}
              title={row.stored ? 'The stored value belongs to this name: remove the row to use another name' : undefined}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => update(index, { key: event.target.value })}
            />
            {row.stored === 'kept' ? (
              <input
                key="kept"
                aria-label={valueLabel}
                className="kv-stored"
                placeholder={row.storedIn === 'mcp.json' ? '•••• in mcp.json (plain text)' : '•••• in secret storage'}
                readOnly
                value=""
              />
            ) : secret ? (
              <input
                key="typed"
                aria-label={valueLabel}
                placeholder={row.stored === 'replacing' ? 'new value' : 'value'}
                type="password"
                spellCheck={false}
                autoComplete="off"
                autoFocus={row.stored === 'replacing'}
                onChange={(event) => update(index, { value: event.target.value })}
              />
            ) : (
              <input
                aria-label={valueLabel}
                placeholder="value"
                value={row.value}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => update(index, { value: event.target.value })}
              />
            )}
            {row.stored === 'kept' && (
              <button type="button" className="button button-small" aria-label={`Replace ${label} ${index + 1}`} onClick={() => update(index, { stored: 'replacing', value: '' })}>
                Replace
              </button>
            )}
            {row.stored === 'replacing' && (
              <button type="button" className="button button-small" aria-label={`Keep stored ${label} ${index + 1}`} onClick={() => update(index, { stored: 'kept', value: '' })}>
                Keep stored
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${label} ${index + 1}`}
              onClick={() => {
                rowIds.remove(index);
                onChange(rows.filter((_, at) => at !== index));
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button-small"
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        Add {label}
      </button>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
