import { startTransition, useActionState, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ServerState } from '../../../../../shared/servers/server-state.ts';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { serverHuman } from '../../../store/human-slice.ts';
import { ServerPermissionSwitches } from '../../settings/ServerPermissionSwitches.tsx';
import { withRoot, withoutRoot } from './roots-edit.ts';
import type { RootInput } from './roots-edit.ts';

/** What this server may do and see: whether its launch is trusted, its standing permissions, and its roots. */
export function AccessTab({ server, onReviewTrust }: { server: ServerState; onReviewTrust: () => void }) {
  const ids = { trust: useId(), permissions: useId() };
  return (
    <div className="access-tab">
      <section aria-labelledby={ids.trust}>
        <h4 id={ids.trust}>Trust</h4>
        <TrustStatus server={server} onReviewTrust={onReviewTrust} />
      </section>
      <section aria-labelledby={ids.permissions}>
        <h4 id={ids.permissions}>Permissions</h4>
        <ServerPermissionSwitches server={server.name} layout="list" />
      </section>
      <RootsEditor server={server.name} />
    </div>
  );
}

function TrustStatus({ server, onReviewTrust }: { server: ServerState; onReviewTrust: () => void }) {
  const api = useHostApi();
  const [confirming, setConfirming] = useState(false);
  const trust = server.trust;
  if (!trust) return <p className="muted">Runs without a trust review here: Switchboard was started with its configuration trusted.</p>;
  if (!trust.trusted) {
    return (
      <div className="access-row">
        <p>{server.status === 'untrusted' ? 'You chose not to trust what this server runs, so it stays stopped.' : 'Waiting for you to review what this server runs.'}</p>
        <button type="button" className="button button-small button-primary" onClick={onReviewTrust}>
          Review and trust
        </button>
      </div>
    );
  }
  return (
    <div className="access-row">
      <p>
        You trust this exact launch{' '}
        <span className="muted small" title={trust.fingerprint}>
          (fingerprint <code>{trust.fingerprint.slice(0, 12)}…</code>)
        </span>
        . A change to it asks again.
      </p>
      <button type="button" className="button button-small button-quiet-danger" onClick={() => setConfirming(true)}>
        Revoke trust
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Revoke trust in ${server.name}?`}
          message="This stops the server. It starts again only after you review and trust what it runs."
          confirmLabel="Revoke and stop"
          danger
          onConfirm={() => api.call('servers.revokeTrust', { server: server.name })}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function RootsEditor({ server }: { server: string }) {
  const api = useHostApi();
  const { roots, canPick } = useAppStore(
    useShallow((state) => ({ roots: serverHuman(state.human, server).roots, canPick: state.human?.platform.pickFolder === true })),
  );
  const ids = { heading: useId(), path: useId(), name: useId(), error: useId() };
  const [path, setPath] = useState('');
  const [name, setName] = useState('');

  type Step = { roots: RootInput[]; clear?: boolean } | { add: string; name: string; clear?: boolean } | { pick: true };
  const [error, run, saving] = useActionState(async (_previous: string | undefined, step: Step): Promise<string | undefined> => {
    try {
      let next: RootInput[];
      if ('pick' in step) {
        const picked = await api.call('roots.pickFolder', { title: `A folder ${server} may use` });
        if (!picked.path) return undefined;
        step = { add: picked.path, name: '' };
      }
      if ('add' in step) {
        const added = withRoot(roots, step.add, step.name);
        if (!added.ok) return added.error;
        next = added.roots;
      } else next = step.roots;
      await api.call('roots.set', { server, roots: next });
    } catch (failure) {
      return errorMessage(failure);
    }
    // Cleared only once the host took it: a path it refused stays there to be corrected.
    if ('clear' in step && step.clear) {
      setPath('');
      setName('');
    }
    return undefined;
  }, undefined);
  const dispatch = (step: Step) => startTransition(() => run(step));

  return (
    <section aria-labelledby={ids.heading} className="roots-editor">
      <h4 id={ids.heading}>Roots</h4>
      <p className="muted small">
        Folders this server may know about and work in. It learns only their paths; what it can reach on disk depends on the server itself.
      </p>
      {roots.length === 0 ? (
        <p className="muted">No folders.</p>
      ) : (
        <ul className="roots-list" aria-label={`Roots of ${server}`}>
          {roots.map((root) => (
            <li key={root.uri}>
              <span>
                <strong>{root.name}</strong> <code className="launch-text">{root.path}</code>
              </span>
              <button type="button" className="button button-small" disabled={saving} onClick={() => dispatch({ roots: withoutRoot(roots, root.path) })} aria-label={`Remove ${root.path}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {canPick ? (
        <button type="button" className="button button-small" disabled={saving} onClick={() => dispatch({ pick: true })}>
          Add folder…
        </button>
      ) : (
        <form
          className="roots-add"
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ add: path, name, clear: true });
          }}
        >
          <div className="field">
            <label htmlFor={ids.path}>Folder path</label>
            <input
              id={ids.path}
              value={path}
              onChange={(event) => setPath(event.target.value)}
              placeholder="/home/me/projects/site"
              spellCheck={false}
              autoComplete="off"
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.name}>Name (optional)</label>
            <input id={ids.name} value={name} onChange={(event) => setName(event.target.value)} placeholder="The folder’s own name" />
          </div>
          <button type="submit" className="button button-small" disabled={saving}>
            Add folder
          </button>
        </form>
      )}
      <FormError message={error} id={ids.error} />
    </section>
  );
}
