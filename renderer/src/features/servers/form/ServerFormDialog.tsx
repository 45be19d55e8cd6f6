import { startTransition, useActionState, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';
import { Dialog, DialogActions } from '../../../components/Dialog.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { KeyValueEditor } from './KeyValueEditor.tsx';
import { checkForm, emptyServerForm, entryFromForm, fieldOfHostMessage, formFromEntry } from './server-form.ts';
import type { ServerFormField, ServerFormValues } from './server-form.ts';

interface ServerFormDialogProps {
  /** The name of the server being edited; absent when adding one. */
  editing?: string;
  onClose: () => void;
  onSaved: (name: string) => void;
}

interface SaveState {
  message?: string;
  field?: ServerFormField;
  fieldErrors?: Partial<Record<ServerFormField, string>>;
}

export function ServerFormDialog({ editing, onClose, onSaved }: ServerFormDialogProps) {
  const api = useHostApi();
  const original = useAppStore((state) => (editing ? state.config?.entries[editing] : undefined));
  // The form owns its values from here on, so a failed save never clears what the person typed.
  const [values, setValues] = useState<ServerFormValues>(() => (editing ? formFromEntry(editing, original) : emptyServerForm()));
  const set = <K extends ServerFormField>(field: K, value: ServerFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const [state, save, pending] = useActionState(async (_previous: SaveState, submitted: ServerFormValues): Promise<SaveState> => {
    const fieldErrors = checkForm(submitted);
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
    const name = submitted.name.trim();
    const config = entryFromForm(submitted, original);
    try {
      if (editing) {
        await api.call('servers.update', { name: editing, config, ...(name !== editing ? { rename: name } : {}) });
      } else {
        await api.call('servers.add', { name, config });
      }
    } catch (error) {
      const message = errorMessage(error);
      return { message, field: fieldOfHostMessage(message, name) };
    }
    onSaved(name);
    onClose();
    return {};
  }, {});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(() => save(values));
  };

  const errorFor = (field: ServerFormField) => state.fieldErrors?.[field] ?? (state.field === field ? state.message : undefined);
  const generalError = state.message && !state.field ? state.message : undefined;

  return (
    <Dialog title={editing ? `Edit ${editing}` : 'Add server'} onClose={onClose} size="wide">
      <form className="dialog-body server-form" onSubmit={submit} noValidate>
        {state.message && (
          <p className="form-error" role="alert">
            {generalError ?? `Not saved: ${state.message}`}
          </p>
        )}
        <Field label="Name" error={errorFor('name')} hint="Also the prefix of this server's tools for the model.">
          {(props) => (
            <input {...props} value={values.name} onChange={(event) => set('name', event.target.value)} autoComplete="off" spellCheck={false} required autoFocus data-autofocus />
          )}
        </Field>

        <fieldset className="segmented">
          <legend>Type</legend>
          <label>
            <input type="radio" name="kind" checked={values.kind === 'stdio'} onChange={() => set('kind', 'stdio')} />
            Local process (stdio)
          </label>
          <label>
            <input type="radio" name="kind" checked={values.kind === 'remote'} onChange={() => set('kind', 'remote')} />
            Remote (HTTP)
          </label>
        </fieldset>

        {values.kind === 'stdio' ? (
          <>
            <Field label="Command" error={errorFor('command')} hint="For example npx, uvx, node or a full path.">
              {(props) => <input {...props} value={values.command} onChange={(event) => set('command', event.target.value)} spellCheck={false} required />}
            </Field>
            <Field label="Arguments" error={errorFor('args')} hint="One per line.">
              {(props) => (
                <textarea {...props} rows={4} value={values.args} onChange={(event) => set('args', event.target.value)} spellCheck={false} className="mono" />
              )}
            </Field>
            <KeyValueEditor
              legend="Environment"
              keyLabel="Variable"
              rows={values.env}
              onChange={(rows) => set('env', rows)}
              error={errorFor('env')}
              secret
            />
            <Field label="Working directory" error={errorFor('cwd')} hint="Optional.">
              {(props) => <input {...props} value={values.cwd} onChange={(event) => set('cwd', event.target.value)} spellCheck={false} />}
            </Field>
          </>
        ) : (
          <>
            <Field label="URL" error={errorFor('url')} hint="The server's MCP endpoint, e.g. https://example.com/mcp">
              {(props) => <input {...props} type="url" value={values.url} onChange={(event) => set('url', event.target.value)} spellCheck={false} required />}
            </Field>
            <Field label="Transport" error={undefined}>
              {(props) => (
                <select {...props} value={values.remoteType} onChange={(event) => set('remoteType', event.target.value === 'sse' ? 'sse' : 'http')}>
                  <option value="http">Streamable HTTP</option>
                  <option value="sse">HTTP + SSE (2024 servers)</option>
                </select>
              )}
            </Field>
            <KeyValueEditor
              legend="Headers"
              keyLabel="Header"
              rows={values.headers}
              onChange={(rows) => set('headers', rows)}
              error={errorFor('headers')}
              secret
            />
          </>
        )}

        <fieldset className="server-form-timeouts">
          <legend>Tool call time limits</legend>
          <Field label="No progress for (seconds)" error={errorFor('callTimeout')} hint="A call times out after this long without an answer or a progress report. Blank: 60.">
            {(props) => <input {...props} inputMode="decimal" value={values.callTimeout} onChange={(event) => set('callTimeout', event.target.value)} placeholder="60" />}
          </Field>
          <Field label="Longest call (seconds)" error={errorFor('maxCallTime')} hint="However much progress it reports, a call stops after this long. Blank: 600.">
            {(props) => <input {...props} inputMode="decimal" value={values.maxCallTime} onChange={(event) => set('maxCallTime', event.target.value)} placeholder="600" />}
          </Field>
        </fieldset>

        <DialogActions onCancel={onClose}>
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? 'Saving…' : editing ? 'Save' : 'Add server'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface FieldProps {
  label: string;
  error: string | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
