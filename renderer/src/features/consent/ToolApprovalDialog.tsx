import { startTransition, useActionState, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { FormError } from '../../components/FormError.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { errorMessage } from '../../components/error-message.ts';
import { hintLines } from './annotation-hints.ts';
import { argumentsChanged, formatArguments, parseArguments } from './arguments-json.ts';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { ConsentOrigin } from './ConsentOrigin.tsx';
import { useConsentAnswer } from './use-consent-answer.ts';
import { EditedArgumentsHint } from './EditedArgumentsHint.tsx';
import { McpIcon } from '../../components/icons/McpIcon.tsx';
import { useToolIcons } from '../../components/icons/use-tool-icons.ts';

type Choice = 'once' | 'conversation' | 'always' | 'deny';

export function ToolApprovalDialog({ request, position, onDefer }: ConsentDialogProps<'tool-approval'>) {
  const { payload } = request;
  const ids = { args: useId(), argsError: useId(), reason: useId(), hints: useId() };
  const answer = useConsentAnswer(request);
  const argsRef = useRef<HTMLTextAreaElement>(null);
  const original = formatArguments(payload.arguments);
  const [text, setText] = useState(original);
  const [reason, setReason] = useState('');
  const check = parseArguments(text);
  const icons = useToolIcons(request.server, payload.tool);

  const [error, decide, pending] = useActionState(async (_previous: string | undefined, choice: Choice) => {
    try {
      if (choice === 'deny') {
        const message = reason.trim();
        await answer({ decision: 'deny', ...(message ? { message } : {}) });
        return undefined;
      }
      if (!check.ok) {
        argsRef.current?.focus();
        return undefined;
      }
      const edited = argumentsChanged(payload.arguments, check.value);
      await answer({ decision: 'allow', scope: choice, ...(edited ? { arguments: check.value } : {}) });
    } catch (failure) {
      return errorMessage(failure);
    }
    return undefined;
  }, undefined);

  const choose = (choice: Choice) => () => startTransition(() => decide(choice));
  const hints = hintLines(payload.annotations);
  const name = payload.title ?? payload.annotations?.title;
  return (
    <Dialog
      title={`Allow ${writeOutHidden(payload.tool)} on ${writeOutHidden(request.server ?? 'this server')}?`}
      onClose={onDefer}
      size="wide"
      description={`${payload.fromApp ? `The app of ${writeOutHidden(payload.fromApp)} (not the model)` : 'The model'} wants to run this tool${position.total > 1 ? ` (request ${position.index + 1} of ${position.total})` : ''}. Check what it will send, then choose.`}
    >
      {/* No submit on Enter: an Enter typed in the reason field must not allow the call. */}
      <form className="dialog-body consent-body" onSubmit={(event) => event.preventDefault()}>
        <ConsentOrigin request={request} onDefer={onDefer} />
        <dl className="consent-facts">
          <dt>Tool</dt>
          <dd>
            {request.server && <McpIcon server={request.server} icons={icons.toolIcons ?? icons.serverIcons} />}
            <code><ServerText text={payload.tool} /></code>
            {name && name !== payload.tool && <span className="muted"> “<ServerText text={name} />”</span>}
          </dd>
          {payload.description && (
            <>
              <dt>Description (from the server)</dt>
              <dd className="consent-description"><ServerText text={payload.description} /></dd>
            </>
          )}
        </dl>
        <section className="consent-hints" aria-labelledby={ids.hints}>
          <h3 id={ids.hints}>Hints from the server</h3>
          <p className="muted small">Declared by the server and not checked by Switchboard: claims, not guarantees.</p>
          {hints.length === 0 ? (
            <p className="small">None declared. Assume the tool may change or delete things and reach other systems.</p>
          ) : (
            <ul className="consent-hint-list">
              {hints.map((hint) => (
                <li key={hint.name} className={`consent-hint consent-hint-${hint.tone}`}>
                  <code>{hint.name}</code> {hint.text}
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="field">
          <label htmlFor={ids.args}>Arguments (JSON)</label>
          <textarea
            id={ids.args}
            ref={argsRef}
            className="mono consent-arguments"
            rows={Math.min(14, Math.max(3, text.split('\n').length))}
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={check.ok ? undefined : true}
            aria-describedby={check.ok ? undefined : ids.argsError}
          />
          {!check.ok && (
            <p className="field-error" id={ids.argsError} role="alert">
              {check.error}
            </p>
          )}
          {text !== original && <EditedArgumentsHint onUndo={() => setText(original)} />}
        </div>
        <div className="field">
          <label htmlFor={ids.reason}>Reason for denying (optional)</label>
          <input id={ids.reason} value={reason} maxLength={2000} onChange={(event) => setReason(event.target.value)} placeholder="The model is told this instead of a result" />
        </div>
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <button type="button" className="button button-quiet-danger" data-shortcut="deny" disabled={pending} onClick={choose('deny')}>
            Deny
          </button>
          <span className="consent-actions-spacer" />
          <button type="button" className="button" disabled={pending} onClick={choose('always')}>
            Always allow this tool
          </button>
          <button type="button" className="button" disabled={pending} onClick={choose('conversation')}>
            Allow for this conversation
          </button>
          <button type="button" className="button button-primary" data-shortcut="allow-once" disabled={pending} onClick={choose('once')}>
            Allow once
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
