import { startTransition, useActionState, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { ImportCandidate } from '../../../../../shared/api/servers-api.ts';
import type { InputDefinition } from '../../../../../shared/servers/config-inputs.ts';
import { useHostApi } from '../../../app/host-context.tsx';
import { Dialog, DialogActions } from '../../../components/Dialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { addChosen, canAdd, initialSelection, summarize } from './import-plan.ts';
import type { AddOutcome } from './import-plan.ts';

interface PasteJsonDialogProps {
  onClose: () => void;
  onAdded: (names: string[]) => void;
}

interface Preview {
  candidates?: ImportCandidate[];
  inputs?: InputDefinition[];
  error?: string;
}

const example = `{
  "mcpServers": {
    "filesystem": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "~/Documents"] }
  }
}`;

export function PasteJsonDialog({ onClose, onAdded }: PasteJsonDialogProps) {
  const api = useHostApi();
  const textId = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [outcomes, setOutcomes] = useState<Map<string, AddOutcome>>(new Map());

  const [preview, runPreview, previewing] = useActionState(async (_previous: Preview, pasted: string): Promise<Preview> => {
    setOutcomes(new Map());
    try {
      const { candidates, inputs } = await api.call('servers.parseImport', { text: pasted });
      setChosen(initialSelection(candidates));
      return { candidates, inputs };
    } catch (error) {
      return { error: errorMessage(error) };
    }
  }, {});

  const [addError, runAdd, adding] = useActionState(async (_previous: string | undefined, names: Set<string>) => {
    const candidates = preview.candidates ?? [];
    // The inputs go in first, so a server that uses one is seen waiting for its value rather than misconfigured.
    if (preview.inputs && preview.inputs.length > 0) {
      try {
        await api.call('servers.defineInputs', { inputs: preview.inputs });
      } catch (error) {
        return `The inputs could not be saved: ${errorMessage(error)}`;
      }
    }
    const results = await addChosen(candidates, names, (name, config) => api.call('servers.add', { name, config }), errorMessage);
    setOutcomes(results);
    const added = [...results].filter(([, outcome]) => outcome.ok).map(([name]) => name);
    if (added.length > 0) onAdded(added);
    const failed = [...results.values()].filter((outcome) => !outcome.ok).length;
    if (failed === 0 && added.length > 0) {
      onClose();
      return undefined;
    }
    // Keep the dialog open on any failure: the pasted text and the reasons stay in view.
    setChosen(new Set([...names].filter((name) => !results.get(name)?.ok)));
    return failed > 0 ? `${failed} of ${results.size} could not be added; see below.` : undefined;
  }, undefined);

  const previewSubmit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(() => runPreview(text));
  };
  const toggle = (name: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const candidates = preview.candidates;
  const addable = [...chosen].filter((name) => {
    const candidate = candidates?.find((entry) => entry.name === name);
    return candidate && canAdd(candidate) && !outcomes.get(name)?.ok;
  });

  return (
    <Dialog
      title="Paste JSON"
      onClose={onClose}
      size="wide"
      description="Paste the mcpServers object from Claude Desktop or Cursor, the servers object from VS Code, or a single server entry."
    >
      <form className="dialog-body" onSubmit={previewSubmit}>
        <div className="field">
          <label htmlFor={textId}>JSON</label>
          <textarea
            id={textId}
            className="mono"
            rows={9}
            value={text}
            placeholder={example}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="dialog-actions dialog-actions-start">
          <button type="submit" className="button" disabled={previewing || text.trim() === ''}>
            {previewing ? 'Reading…' : 'Preview'}
          </button>
        </div>
      </form>

      <FormError message={preview.error} />

      {candidates && (
        <div className="dialog-body">
          {candidates.length === 0 ? (
            <p className="muted">No server entries found in that JSON.</p>
          ) : (
            <ul className="import-list" aria-label="Servers found">
              {candidates.map((candidate) => {
                const outcome = outcomes.get(candidate.name);
                const valid = canAdd(candidate);
                return (
                  <li key={candidate.name} className={valid ? 'import-item' : 'import-item import-invalid'} aria-label={candidate.name}>
                    <label className="import-choice">
                      <input
                        type="checkbox"
                        checked={chosen.has(candidate.name)}
                        disabled={!valid || outcome?.ok === true}
                        onChange={(event) => toggle(candidate.name, event.target.checked)}
                      />
                      <strong>{candidate.name}</strong>
                    </label>
                    <span className="import-status">
                      {outcome?.ok ? (
                        <span className="pill pill-ok">Added</span>
                      ) : !valid ? (
                        <span className="pill pill-danger">Invalid</span>
                      ) : candidate.exists ? (
                        <span className="pill pill-warning">Already exists</span>
                      ) : (
                        <span className="pill">New</span>
                      )}
                    </span>
                    {valid ? <code className="import-summary">{summarize(candidate)}</code> : <p className="field-error">{candidate.error}</p>}
                    {outcome && !outcome.ok && <p className="field-error">{outcome.error}</p>}
                  </li>
                );
              })}
            </ul>
          )}
          <FormError message={addError} />
          <DialogActions onCancel={onClose}>
            <button
              type="button"
              className="button button-primary"
              disabled={adding || addable.length === 0}
              onClick={() => startTransition(() => runAdd(new Set(addable)))}
            >
              {adding ? 'Adding…' : addable.length === 1 ? 'Add 1 server' : `Add ${addable.length} servers`}
            </button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
