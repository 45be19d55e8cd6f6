import { startTransition, useActionState, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { RiskLocation } from '../../../../shared/consent/launch-review.ts';
import { FormError } from '../../components/FormError.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { errorMessage } from '../../components/error-message.ts';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { ConsentFrame } from './ConsentFrame.tsx';
import { ConsentOrigin } from './ConsentOrigin.tsx';
import { locationText, severityLabels, worstAt } from './launch-risks.ts';
import { useConsentAnswer } from './use-consent-answer.ts';

const PILL = { danger: 'pill-danger', caution: 'pill-warning', info: '' } as const;

/**
 * Before a new server first runs, or after its launch changed: exactly what will run, untruncated, with the
 * risky parts called out (MCP security best practices, § Local MCP Server Compromise).
 */
export function ServerTrustDialog({ request, position, onDefer }: ConsentDialogProps<'server-trust'>) {
  const { review, changed, fingerprint } = request.payload;
  const answer = useConsentAnswer(request);
  const ids = { risks: useId(), remember: useId() };
  const [remember, setRemember] = useState(true);
  const server = request.server ?? 'this server';

  const [error, decide, pending] = useActionState(async (_previous: string | undefined, decision: 'trust' | 'deny') => {
    try {
      await answer(decision === 'trust' ? { decision, remember } : { decision });
    } catch (failure) {
      return errorMessage(failure);
    }
    return undefined;
  }, undefined);
  const choose = (decision: 'trust' | 'deny') => () => startTransition(() => decide(decision));
  const marked = (where: RiskLocation, content: ReactNode) => {
    const severity = worstAt(review.risks, where);
    return severity ? (
      <span className={`launch-part launch-part-${severity}`}>
        {content} <span className={`pill ${PILL[severity]}`}>{severityLabels[severity]}</span>
      </span>
    ) : (
      content
    );
  };
  const remote = review.transport !== 'stdio';
  const danger = review.severity === 'danger';

  return (
    <ConsentFrame
      title={changed ? `${server} changed: start the new version?` : `Start ${server}?`}
      onDefer={onDefer}
      description={`${changed ? 'What this server runs has changed since you trusted it. ' : ''}${
        remote ? 'Switchboard will connect to this address' : 'Switchboard will run this command on your computer, with your permissions'
      }. Check every part${position.total > 1 ? ` (request ${position.index + 1} of ${position.total})` : ''}.`}
    >
      <form className="dialog-body consent-body" onSubmit={(event) => event.preventDefault()}>
        <ConsentOrigin request={request} onDefer={onDefer} />
        {review.transport === 'stdio' ? (
          <dl className="consent-facts launch-facts">
            <dt>Command</dt>
            <dd>{marked({ part: 'command' }, <code className="launch-text"><ServerText text={review.command} mode="strict" /></code>)}</dd>
            <dt>Arguments</dt>
            <dd>
              {review.args.length === 0 ? (
                <span className="muted">None</span>
              ) : (
                <ol className="launch-args" aria-label="Arguments">
                  {review.args.map((arg, index) => (
                    <li key={index}>{marked({ part: 'arg', index }, <code className="launch-text"><ServerText text={arg} mode="strict" /></code>)}</li>
                  ))}
                </ol>
              )}
            </dd>
            <dt>Working folder</dt>
            <dd>{review.cwd !== undefined ? marked({ part: 'cwd' }, <code className="launch-text"><ServerText text={review.cwd} mode="strict" /></code>) : <span className="muted">Switchboard’s default</span>}</dd>
            <dt>Environment</dt>
            <dd>
              {review.envKeys.length === 0 ? (
                <span className="muted">No variables set</span>
              ) : (
                <>
                  <ul className="key-list launch-keys" aria-label="Environment variables">
                    {review.envKeys.map((key) => (
                      <li key={key}>{marked({ part: 'env', key }, <code><ServerText text={key} mode="strict" /></code>)}</li>
                    ))}
                  </ul>
                  <span className="muted small">Values are hidden.</span>
                </>
              )}
            </dd>
          </dl>
        ) : (
          <dl className="consent-facts launch-facts">
            <dt>Address</dt>
            <dd>{marked({ part: 'url' }, <code className="launch-text"><ServerText text={review.url} mode="strict" /></code>)}</dd>
            <dt>Connection</dt>
            <dd>{review.transport === 'sse' ? 'HTTP with server-sent events (older)' : 'Streamable HTTP'}</dd>
            <dt>Headers</dt>
            <dd>
              {review.headerKeys.length === 0 ? (
                <span className="muted">None</span>
              ) : (
                <>
                  <ul className="key-list launch-keys" aria-label="Headers">
                    {review.headerKeys.map((key) => (
                      <li key={key}>{marked({ part: 'header', key }, <code><ServerText text={key} mode="strict" /></code>)}</li>
                    ))}
                  </ul>
                  <span className="muted small">Values are hidden.</span>
                </>
              )}
            </dd>
          </dl>
        )}
        <section className="launch-risks" aria-labelledby={ids.risks}>
          <h3 id={ids.risks}>Risks</h3>
          {review.risks.length === 0 ? (
            <p className="small">
              Switchboard found nothing unusual. A server you start can still do anything your user account can; start only software you trust.
            </p>
          ) : (
            <ul className="consent-hint-list">
              {review.risks.map((risk, index) => (
                <li key={index} className={`consent-hint consent-hint-${risk.severity === 'danger' ? 'danger' : risk.severity === 'caution' ? 'warning' : 'neutral'}`}>
                  <strong>
                    {severityLabels[risk.severity]}: {risk.title}
                  </strong>
                  {risk.location && <span className="muted small"> ({locationText(risk.location)})</span>}
                  <p className="launch-risk-explanation">{risk.explanation}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <p className="muted small">
          Fingerprint <code>{fingerprint}</code>: any change to{' '}
          {remote ? 'the address or the header names' : 'the command, arguments, folder or environment variables (names or values)'} asks
          again.
        </p>
        <label className="checkbox-label">
          <input id={ids.remember} type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          Remember this decision for this exact launch
        </label>
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <span className="consent-actions-spacer" />
          <button type="button" className={danger ? 'button button-primary' : 'button'} disabled={pending} onClick={choose('deny')}>
            Don’t start
          </button>
          <button type="button" className={danger ? 'button button-danger' : 'button button-primary'} disabled={pending} onClick={choose('trust')}>
            Trust and start
          </button>
        </footer>
      </form>
    </ConsentFrame>
  );
}
