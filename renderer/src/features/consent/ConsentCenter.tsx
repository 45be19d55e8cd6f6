import { useRef } from 'react';
import type { ComponentType } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ConsentKind, ConsentRequest, ConsentRequestOf } from '../../../../shared/consent/consent-types.ts';
import { useAppStore } from '../../app/host-context.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { consentDialogs } from './consent-dialogs.ts';
import { currentRequests } from './consent-groups.ts';
import { ConsentGroupContext } from './ConsentFrame.tsx';
import { ConsentNotices } from './ConsentNotices.tsx';
import { ConsentOrigin } from './ConsentOrigin.tsx';
import { ServerTrustBatchDialog } from './ServerTrustBatchDialog.tsx';
import { ToolApprovalBatchDialog } from './ToolApprovalBatchDialog.tsx';
import './consent.css';

/**
 * Every open consent request, wherever the person is in the app: the oldest one this window can show comes up
 * as a modal dialog (with the rest of its group, when several were asked at once); ones put aside wait behind
 * a "waiting" button until answered or closed by the host.
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
  const current = currentRequests(shown, deferred);
  const waiting = (requests ?? []).filter((request) => !current.includes(request));
  const firstDeferred = shown.find((request) => deferred.includes(request.id));
  const [first] = current;
  // Stays a group to the last answer, so the dialog does not jump when one of its questions is answered.
  const grouped = first?.group !== undefined && first.group.size > 1;
  const trustBatch = first?.kind === 'server-trust' && current.length > 1;
  // Like a group, a batch of tool calls stays one dialog to its last answer rather than turning into another.
  const batched = useRef(new Set<string>());
  const toolBatch = first?.kind === 'tool-approval' && (current.length > 1 || batched.current.has(first.id));
  batched.current = toolBatch ? new Set(current.map((request) => request.id)) : new Set();
  return (
    <>
      {trustBatch && (
        <ServerTrustBatchDialog
          requests={current.filter((request): request is ConsentRequestOf<'server-trust'> => request.kind === 'server-trust')}
          onDefer={() => current.forEach((request) => defer(request.id))}
        />
      )}
      {toolBatch && (
        <ToolApprovalBatchDialog
          requests={current.filter((request): request is ConsentRequestOf<'tool-approval'> => request.kind === 'tool-approval')}
          onDefer={() => current.forEach((request) => defer(request.id))}
        />
      )}
      {first && !grouped && !trustBatch && !toolBatch && (
        <ConsentDialogFor key={first.id} request={first} position={{ index: shown.indexOf(first), total: shown.length }} onDefer={() => defer(first.id)} />
      )}
      {first && grouped && <ConsentGroupDialog key={first.group?.id} requests={current} onDefer={() => current.forEach((request) => defer(request.id))} />}
      <div className="consent-corner">
        <ConsentNotices />
        {current.length === 0 && waiting.length > 0 && (
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
      </div>
    </>
  );
}

/** Several inputs asked in one round: one dialog, one section per request, each answered on its own. */
function ConsentGroupDialog({ requests, onDefer }: { requests: ConsentRequest[]; onDefer: () => void }) {
  const server = requests[0].server;
  const size = requests[0].group?.size ?? requests.length;
  return (
    <Dialog
      title={`${server ?? 'A server'} asks ${size} things at once`}
      description={`Answer each of them; ${server ?? 'the server'} goes on when all are answered.${requests.length < size ? ` ${size - requests.length} already answered.` : ''}`}
      onClose={onDefer}
      size="wide"
    >
      <div className="dialog-body consent-group-origin">
        <ConsentOrigin request={requests[0]} onDefer={onDefer} />
      </div>
      <ConsentGroupContext value={true}>
        <div className="consent-group">
          {requests.map((request, index) => (
            <ConsentDialogFor key={request.id} request={request} position={{ index, total: requests.length }} onDefer={onDefer} />
          ))}
        </div>
      </ConsentGroupContext>
    </Dialog>
  );
}

function ConsentDialogFor({ request, ...rest }: { request: ConsentRequest } & Omit<ConsentDialogProps<ConsentKind>, 'request'>) {
  // The registry pairs each kind with its own dialog; TypeScript cannot follow that pairing through a lookup.
  const Dialog = consentDialogs[request.kind] as ComponentType<ConsentDialogProps<ConsentKind>> | undefined;
  return Dialog ? <Dialog request={request} {...rest} /> : null;
}
