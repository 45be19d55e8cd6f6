import { startTransition, useActionState } from 'react';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { ConsentFrame } from './ConsentFrame.tsx';
import { ConsentOrigin } from './ConsentOrigin.tsx';
import { siteName } from './url-segments.ts';
import { UrlReview } from './UrlReview.tsx';
import { useConsentAnswer } from './use-consent-answer.ts';
import { useOpenAccepted } from './use-open-accepted.ts';
import { ServerText } from '../../components/ServerText.tsx';

type Action = 'accept' | 'decline' | 'cancel';

export function ElicitationUrlDialog({ request, position, onDefer }: ConsentDialogProps<'elicitation-url'>) {
  const { payload } = request;
  const { analysis } = payload;
  // A blocked address, or one that imitates another, makes saying no the obvious button.
  const risky = !analysis.ok || analysis.warnings.some((warning) => warning.severity === 'danger');
  const answer = useConsentAnswer(request);
  const opened = useOpenAccepted(request, analysis);
  const waiting = payload.stage === 'waiting';
  const server = request.server ?? 'A server';

  const [error, decide, pending] = useActionState(async (_previous: string | undefined, action: Action) => {
    try {
      if (action === 'accept' && !waiting) {
        opened(await answer({ action }));
        return undefined;
      }
      await answer({ action });
    } catch (failure) {
      return errorMessage(failure);
    }
    return undefined;
  }, undefined);
  const choose = (action: Action) => () => startTransition(() => decide(action));
  const of = position.total > 1 ? ` (request ${position.index + 1} of ${position.total})` : '';

  return (
    <ConsentFrame
      title={waiting ? `Finish on ${siteName(analysis)}, then come back` : `${server} wants to open a page on ${siteName(analysis)}`}
      onDefer={onDefer}
      description={
        waiting
          ? `${server} cannot go on until you finish on this page${of}. When you are done there, say so here; the call is then tried again. If ${server} reports the step complete, this closes by itself.`
          : `Nothing is opened or loaded unless you choose Open${of}. Check the address first.`
      }
    >
      <form className="dialog-body consent-body" onSubmit={(event) => event.preventDefault()}>
        <ConsentOrigin request={request} onDefer={onDefer} />
        <section className="consent-message" aria-label="Message from the server">
          <p className="muted small">Message from {server}</p>
          <p className="consent-message-text"><ServerText text={payload.message} /></p>
        </section>
        <UrlReview analysis={analysis} />
        {waiting && (
          <p className="consent-waiting-note" role="status">
            <span className="status status-pending">
              <span className="status-dot" aria-hidden="true" />
              Waiting for you
            </span>{' '}
            The page was opened for you. Finish there, then choose “I have finished”.
          </p>
        )}
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          {waiting ? (
            <>
              <button type="button" className="button button-quiet-danger" disabled={pending} onClick={choose('cancel')}>
                Give up
              </button>
              <span className="consent-actions-spacer" />
              <button type="button" className="button button-primary" disabled={pending} onClick={choose('accept')}>
                I have finished
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button" disabled={pending} onClick={choose('cancel')}>
                Cancel
              </button>
              <span className="consent-actions-spacer" />
              <button type="button" className={risky ? 'button button-primary' : 'button button-quiet-danger'} disabled={pending} onClick={choose('decline')}>
                Decline
              </button>
              {analysis.ok && (
                <button type="button" className={risky ? 'button button-quiet-danger' : 'button button-primary'} disabled={pending} onClick={choose('accept')}>
                  {risky ? 'Open anyway' : 'Open page'}
                </button>
              )}
            </>
          )}
        </footer>
      </form>
    </ConsentFrame>
  );
}
