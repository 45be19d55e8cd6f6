import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { ServerText } from '../../components/ServerText.tsx';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { useToolReview } from '../consent/use-tool-review.ts';

/**
 * Standing permissions given from the approval dialog ("for this conversation", "always"), and tools held back
 * because they changed since they were allowed; each changed one can be reviewed from here.
 */
export function GrantsList() {
  const api = useHostApi();
  const { grants, conversations, heldTools } = useAppStore(
    useShallow((state) => ({ grants: state.grants, conversations: state.conversations, heldTools: state.heldTools })),
  );
  const { review, error: reviewError } = useToolReview();
  const [error, setError] = useState<string>();
  const revoke = (id: string) => {
    setError(undefined);
    api.call('grants.revoke', { id }).catch((failure: unknown) => setError(errorMessage(failure)));
  };
  const titleOf = (id: string | undefined) => conversations?.find((entry) => entry.id === id)?.title ?? 'a deleted conversation';
  return (
    <section className="settings-section" aria-labelledby="grants-heading">
      <header className="settings-section-head">
        <h2 id="grants-heading">Tool permissions</h2>
      </header>
      <p className="muted">
        Tools you allowed without asking each time. A tool that changes after you allowed it is held back from the model until you review
        the change.
      </p>
      <FormError message={error ?? reviewError} />
      {heldTools.length > 0 && (
        <div className="held-tools" role="region" aria-label="Tools held back">
          <h3>Held back: changed since allowed</h3>
          <ul>
            {heldTools.map((held) => (
              <li key={JSON.stringify([held.server, held.tool])}>
                <code><ServerText text={held.tool} /></code> on {held.server}
                {!held.enabled && <span className="muted small"> (switched off)</span>}{' '}
                <button type="button" className="button button-small" onClick={() => review(held.server, held.tool)} aria-label={`Review ${writeOutHidden(held.tool)} on ${held.server}`}>
                  Review
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {grants === undefined ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : grants.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <table className="grants-table" aria-labelledby="grants-heading">
          <thead>
            <tr>
              <th scope="col">Server</th>
              <th scope="col">Tool</th>
              <th scope="col">Allowed</th>
              <th scope="col">Since</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {grants.map((grant) => (
              <tr key={grant.id}>
                <td>{grant.server}</td>
                <td>
                  <code><ServerText text={grant.tool} /></code>
                </td>
                <td>{grant.scope === 'always' ? 'Always' : `In “${titleOf(grant.conversationId)}”`}</td>
                <td>{new Date(grant.createdAt).toLocaleString()}</td>
                <td>
                  {grant.changed ? (
                    <>
                      <span className="pill pill-warning">Changed since allowed</span>{' '}
                      <button type="button" className="button button-small" onClick={() => review(grant.server, grant.tool)} aria-label={`Review ${writeOutHidden(grant.tool)} on ${grant.server}`}>
                        Review
                      </button>
                    </>
                  ) : (
                    <span className="pill pill-ok">Valid</span>
                  )}
                </td>
                <td>
                  <button type="button" className="button button-small" onClick={() => revoke(grant.id)} aria-label={`Revoke ${writeOutHidden(grant.tool)} on ${grant.server}`}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
