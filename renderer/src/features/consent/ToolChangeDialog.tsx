import { startTransition, useActionState } from 'react';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { ConsentFrame } from './ConsentFrame.tsx';
import { ConsentOrigin } from './ConsentOrigin.tsx';
import { DefinitionDiffView } from './DefinitionDiffView.tsx';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { useConsentAnswer } from './use-consent-answer.ts';

type Decision = 'approve' | 'keep-held' | 'switch-off';

/**
 * A tool the person allowed changed on its server (a possible "rug pull"): until this is answered the model
 * sees neither the old nor the new definition. Approving allows the new version, as it is shown here.
 */
export function ToolChangeDialog({ request, onDefer }: ConsentDialogProps<'tool-change'>) {
  const { payload } = request;
  const answer = useConsentAnswer(request);
  const server = request.server ?? 'The server';
  const [error, decide, pending] = useActionState(async (_previous: string | undefined, decision: Decision) => {
    try {
      await answer({ decision });
    } catch (failure) {
      return errorMessage(failure);
    }
    return undefined;
  }, undefined);
  const choose = (decision: Decision) => () => startTransition(() => decide(decision));
  const since = payload.approvedAt ? ` on ${new Date(payload.approvedAt).toLocaleString()}` : '';

  return (
    <ConsentFrame
      title={`${writeOutHidden(payload.tool)} changed since you allowed it`}
      onDefer={onDefer}
      description={`${server} now describes this tool differently from what you allowed${since}. It is held back from the model until you decide. Check the marked parts: a changed description can tell the model to do something else.`}
    >
      <form className="dialog-body consent-body" onSubmit={(event) => event.preventDefault()}>
        <ConsentOrigin request={request} onDefer={onDefer} />
        <DefinitionDiffView sections={payload.sections} hasBefore={payload.previous !== undefined} />
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <button type="button" className="button button-quiet-danger" disabled={pending} onClick={choose('switch-off')}>
            Switch the tool off
          </button>
          <span className="consent-actions-spacer" />
          <button type="button" className="button" disabled={pending} onClick={choose('keep-held')}>
            Keep it held
          </button>
          <button type="button" className="button button-primary" disabled={pending} onClick={choose('approve')}>
            Allow the new version
          </button>
        </footer>
      </form>
    </ConsentFrame>
  );
}
