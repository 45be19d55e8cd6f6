import { useState } from 'react';
import type { ConsentRequestOf } from '../../../../shared/consent/consent-types.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormError } from '../../components/FormError.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { locationText, severityLabels } from './launch-risks.ts';

type TrustRequest = ConsentRequestOf<'server-trust'>;

const PILL = { danger: 'pill-danger', caution: 'pill-warning', info: '' } as const;

/**
 * Several servers waiting to be trusted (an import, the first run): one review that lists every launch in full
 * with its flagged risks, answered per server or all at once. Each answer is the same `server-trust` answer the
 * single dialog gives, remembered for that exact launch.
 */
export function ServerTrustBatchDialog({ requests, onDefer }: { requests: TrustRequest[]; onDefer: () => void }) {
  const api = useHostApi();
  const consentClosed = useAppStore((state) => state.consentClosed);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const answer = async (chosen: TrustRequest[], decision: 'trust' | 'deny') => {
    setError(undefined);
    setPending(true);
    try {
      for (const request of chosen) {
        await api.call('consent.answer', { id: request.id, answer: decision === 'trust' ? { decision, remember: true } : { decision } });
        consentClosed({ id: request.id });
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  const risky = requests.some((request) => request.payload.review.severity === 'danger');

  return (
    <Dialog
      title={`Start ${requests.length} servers?`}
      onClose={onDefer}
      size="wide"
      description="Each runs exactly what is shown, with your permissions (or connects to the address shown). Check every launch and its flags; trust them all, or one by one."
    >
      <div className="dialog-body">
        <ul className="trust-batch" aria-label="Launches to review">
          {requests.map((request) => {
            const { review, changed } = request.payload;
            const name = request.server ?? 'server';
            const launch = review.transport === 'stdio' ? [review.command, ...review.args].join(' ') : review.url;
            return (
              <li key={request.id} className="trust-batch-item" aria-label={name}>
                <div className="trust-batch-head">
                  <strong>
                    <ServerText text={name} />
                  </strong>
                  {changed && <span className="pill pill-warning">Changed</span>}
                  {review.risks.length === 0 ? <span className="pill">No flags</span> : null}
                  {review.risks.map((risk, index) => (
                    <span key={index} className={`pill ${PILL[risk.severity]}`}>
                      {severityLabels[risk.severity]}: {risk.title}
                      {risk.location ? ` (${locationText(risk.location)})` : ''}
                    </span>
                  ))}
                </div>
                <code className="launch-text">
                  <ServerText text={launch} mode="strict" />
                </code>
                {review.transport === 'stdio' && review.cwd !== undefined && (
                  <p className="muted small">
                    in <ServerText text={review.cwd} mode="strict" />
                  </p>
                )}
                {(review.transport === 'stdio' ? review.envKeys : review.headerKeys).length > 0 && (
                  <p className="muted small">
                    {review.transport === 'stdio' ? 'Environment' : 'Headers'}: <ServerText text={(review.transport === 'stdio' ? review.envKeys : review.headerKeys).join(', ')} mode="strict" /> (values hidden)
                  </p>
                )}
                <div className="trust-batch-actions">
                  <button type="button" className="button button-small" disabled={pending} onClick={() => void answer([request], 'deny')}>
                    Don’t start
                  </button>
                  <button type="button" className="button button-small button-primary" disabled={pending} onClick={() => void answer([request], 'trust')}>
                    Trust {name}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <button type="button" className="button" disabled={pending} onClick={onDefer}>
            Decide later
          </button>
          <span className="consent-actions-spacer" />
          <button type="button" className="button" disabled={pending} onClick={() => void answer(requests, 'deny')}>
            Start none
          </button>
          <button type="button" className={risky ? 'button button-danger' : 'button button-primary'} disabled={pending} onClick={() => void answer(requests, 'trust')}>
            Trust all {requests.length}
          </button>
        </footer>
      </div>
    </Dialog>
  );
}
