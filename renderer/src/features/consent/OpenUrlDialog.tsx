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

/** A link from the chat or a tool result, or a sign-in page: opened only once the person has seen where it goes. */
export function OpenUrlDialog({ request, onDefer }: ConsentDialogProps<'open-url'>) {
  const { payload } = request;
  const { analysis } = payload;
  // A blocked address, or one that imitates another, makes saying no the obvious button.
  const risky = !analysis.ok || analysis.warnings.some((warning) => warning.severity === 'danger');
  const answer = useConsentAnswer(request);
  const opened = useOpenAccepted(request, analysis);

  const [error, decide, pending] = useActionState(async (_previous: string | undefined, decision: 'open' | 'cancel') => {
    try {
      const result = await answer({ decision });
      if (decision === 'open') opened(result);
    } catch (failure) {
      return errorMessage(failure);
    }
    return undefined;
  }, undefined);
  const choose = (decision: 'open' | 'cancel') => () => startTransition(() => decide(decision));

  return (
    <ConsentFrame
      title={`Open a page on ${siteName(analysis)}?`}
      onDefer={onDefer}
      description={`${payload.source ? `From ${payload.source}. ` : ''}Nothing is opened or loaded unless you choose Open. Check the address first.`}
    >
      <form className="dialog-body consent-body" onSubmit={(event) => event.preventDefault()}>
        <ConsentOrigin request={request} onDefer={onDefer} />
        <UrlReview analysis={analysis} />
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <span className="consent-actions-spacer" />
          <button type="button" className={risky ? 'button button-primary' : 'button'} disabled={pending} onClick={choose('cancel')}>
            Don’t open
          </button>
          {analysis.ok && (
            <button type="button" className={risky ? 'button button-quiet-danger' : 'button button-primary'} disabled={pending} onClick={choose('open')}>
              {risky ? 'Open anyway' : 'Open page'}
            </button>
          )}
        </footer>
      </form>
    </ConsentFrame>
  );
}
