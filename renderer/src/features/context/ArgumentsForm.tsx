import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { HostMethodParams } from '../../../../shared/api/host-api.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { FormError } from '../../components/FormError.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { errorMessage } from '../../components/error-message.ts';

export interface ArgumentField {
  name: string;
  description?: string;
  required: boolean;
}

type CompletionRef = HostMethodParams<'context.complete'>['ref'];

interface ArgumentsFormProps {
  server: string;
  /** Whose arguments: a prompt, or a resource template (Server Features → Completion). */
  completionRef: CompletionRef;
  fields: ArgumentField[];
  submitLabel: string;
  onSubmit: (values: Record<string, string>) => Promise<void>;
  onCancel?: () => void;
}

const COMPLETION_DELAY_MS = 200;

/** One field per argument, each offering the server's completions as the person types. Required ones are checked. */
export function ArgumentsForm({ server, completionRef, fields, submitLabel, onSubmit, onCancel }: ArgumentsFormProps) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((field) => [field.name, ''])));
  const [focused, setFocused] = useState<string>();
  const [missing, setMissing] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.filter((field) => field.required && values[field.name].trim() === '').map((field) => field.name);
    setMissing(empty);
    if (empty.length > 0) return;
    setBusy(true);
    setError(undefined);
    const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    onSubmit(filled)
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setBusy(false));
  };

  return (
    <form className="arguments-form" onSubmit={submit} noValidate>
      {fields.map((field) => (
        <ArgumentInput
          key={field.name}
          server={server}
          completionRef={completionRef}
          field={field}
          value={values[field.name]}
          values={values}
          active={focused === field.name}
          missing={missing.includes(field.name)}
          onFocus={() => setFocused(field.name)}
          onChange={(value) => {
            setValues((current) => ({ ...current, [field.name]: value }));
            setMissing((current) => current.filter((name) => name !== field.name));
          }}
        />
      ))}
      <FormError message={error} />
      <div className="dialog-actions">
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Working…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

interface ArgumentInputProps {
  server: string;
  completionRef: CompletionRef;
  field: ArgumentField;
  value: string;
  values: Record<string, string>;
  active: boolean;
  missing: boolean;
  onFocus: () => void;
  onChange: (value: string) => void;
}

function ArgumentInput({ server, completionRef, field, value, values, active, missing, onFocus, onChange }: ArgumentInputProps) {
  const api = useHostApi();
  const id = useId();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const context = JSON.stringify(values);
  const refKey = JSON.stringify(completionRef);

  // Debounced, and asked again when another field changes: the server may narrow by what is filled in.
  useEffect(() => {
    if (!active) return;
    let current = true;
    const timer = setTimeout(() => {
      api
        .call('context.complete', { server, ref: JSON.parse(refKey) as CompletionRef, argument: { name: field.name, value }, context: JSON.parse(context) as Record<string, string> })
        .then(
          (result) => current && setSuggestions(result.values.filter((candidate) => candidate !== value)),
          () => current && setSuggestions([]),
        );
    }, COMPLETION_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, server, refKey, field.name, value, context, active]);

  return (
    <div className="field">
      <label htmlFor={id}>
        {field.name}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        value={value}
        autoComplete="off"
        aria-required={field.required}
        aria-invalid={missing || undefined}
        onFocus={onFocus}
        onChange={(event) => onChange(event.target.value)}
      />
      {field.description && (
        <p className="field-hint">
          <ServerText text={field.description} />
        </p>
      )}
      {missing && (
        <p className="field-error" role="alert">
          {field.name} is required.
        </p>
      )}
      {active && suggestions.length > 0 && (
        <ul className="suggestions" role="listbox" aria-label={`Suggestions for ${field.name}`}>
          {suggestions.slice(0, 20).map((suggestion) => (
            <li key={suggestion} role="option" aria-selected={false}>
              <button type="button" className="suggestion" onClick={() => onChange(suggestion)}>
                <ServerText text={suggestion} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
