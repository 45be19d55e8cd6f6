import type { ComponentType } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ConsentKind, ConsentRequest } from '../../../../shared/consent/consent-types.ts';
import { useAppStore } from '../../app/host-context.tsx';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { consentDialogs } from './consent-dialogs.ts';
import './consent.css';

/**
 * Every open consent request, wherever the person is in the app: the oldest one this window can show comes up
 * as a modal dialog; ones put aside wait behind a "waiting" button until answered or closed by the host.
 */
export function ConsentCenter() {
  const { requests, deferred, defer, resume } = useAppStore(
    useShallow((state) => ({
      requests: state.consentRequests,
      deferred: state.deferredConsent,
      defer: state.deferConsent,
      resume: state.resumeConsent,
    })),
  );
  const shown = (requests ?? []).filter((request) => consentDialogs[request.kind]);
  const current = shown.find((request) => !deferred.includes(request.id));
  const waiting = (requests ?? []).filter((request) => request !== current);
  const firstDeferred = shown.find((request) => deferred.includes(request.id));
  return (
    <>
      {current && <ConsentDialogFor key={current.id} request={current} position={{ index: shown.indexOf(current), total: shown.length }} onDefer={() => defer(current.id)} />}
      {!current && waiting.length > 0 && (
        <div className="consent-waiting" role="status">
          <span>
            {waiting.length === 1 ? '1 request is' : `${waiting.length} requests are`} waiting for your answer.
          </span>
          {firstDeferred && (
            <button type="button" className="button button-small button-primary" onClick={() => resume(firstDeferred.id)}>
              Review
            </button>
          )}
        </div>
      )}
    </>
  );
}

function ConsentDialogFor({ request, ...rest }: { request: ConsentRequest } & Omit<ConsentDialogProps<ConsentKind>, 'request'>) {
  // The registry pairs each kind with its own dialog; TypeScript cannot follow that pairing through a lookup.
  const Dialog = consentDialogs[request.kind] as ComponentType<ConsentDialogProps<ConsentKind>> | undefined;
  return Dialog ? <Dialog request={request} {...rest} /> : null;
}
