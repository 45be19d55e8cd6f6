import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { InputState } from '../../../../../shared/servers/config-inputs.ts';
import { useHostApi } from '../../../app/host-context.tsx';
import { Dialog, DialogActions } from '../../../components/Dialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';

/**
 * Asks once for the values of `${input:ID}` inputs (VS Code `inputs`); password ones are masked. Values go to the
 * host's secret store and are never shown again; the servers that use them then start.
 */
export function InputsDialog({ inputs, onClose }: { inputs: InputState[]; onClose: () => void }) {
  const api = useHostApi();
  const baseId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setSaving(true);
    api
      .call('servers.setInputValues', { values: filled })
      .then(onClose)
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setSaving(false));
  };

  return (
    <Dialog title="Enter values" onClose={onClose} description="Asked once: the values are kept in the secret store, and servers that use them start.">
      <form className="dialog-body" onSubmit={save}>
        {inputs.map((input, index) => (
          <div className="field" key={input.id}>
            <label htmlFor={`${baseId}-${index}`}>{input.description ? `${input.description} (${input.id})` : input.id}</label>
            <input
              id={`${baseId}-${index}`}
              type={input.password ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              value={values[input.id] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [input.id]: event.target.value }))}
            />
            <p className="field-hint">Used by {input.usedBy.join(', ')}</p>
          </div>
        ))}
        <FormError message={error} />
        <DialogActions onCancel={onClose}>
          <button type="submit" className="button button-primary" disabled={saving || Object.keys(filled).length === 0}>
            Save
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
