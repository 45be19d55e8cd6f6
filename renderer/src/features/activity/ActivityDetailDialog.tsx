import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ActivityDetail } from '../../../../shared/activity/activity-types.ts';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormError } from '../../components/FormError.tsx';
import { JsonView } from '../../components/JsonView.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { approvalLabel, formatBytes, formatDuration, sourceLabels } from './activity-format.ts';
import { OutcomePill } from './OutcomePill.tsx';

/** The stored result is JSON text; laid out when it parses, shown as it is when it was cut short. */
function readable(result: string): string {
  try {
    return JSON.stringify(JSON.parse(result), null, 2);
  } catch {
    return result;
  }
}

/** One recorded call opened: what it was asked (redacted by the host), how it went, what came back. */
export function ActivityDetailDialog({ id, onClose }: { id: string; onClose(): void }) {
  const api = useHostApi();
  const { conversations, showView, openConversationById } = useAppStore(
    useShallow((state) => ({ conversations: state.conversations, showView: state.showView, openConversationById: state.openConversationById })),
  );
  const [detail, setDetail] = useState<ActivityDetail>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let alive = true;
    api.call('activity.get', { id }).then(
      (found) => alive && setDetail(found),
      (failure: unknown) => alive && setError(errorMessage(failure)),
    );
    return () => {
      alive = false;
    };
  }, [api, id]);

  const entry = detail?.entry;
  const title = entry ? `${writeOutHidden(entry.tool)} on ${entry.server}` : 'Tool call';
  const conversation = entry?.conversationId === undefined ? undefined : conversations?.find((item) => item.id === entry.conversationId);
  const openConversation = (conversationId: string) => {
    onClose();
    showView('chat');
    openConversationById(conversationId);
  };
  return (
    <Dialog title={title} onClose={onClose} size="wide">
      <div className="dialog-body activity-detail">
        <FormError message={error} />
        {!detail && !error && (
          <p className="muted" role="status">
            Loading…
          </p>
        )}
        {entry && detail && (
          <>
            <dl className="activity-facts">
              <div>
                <dt>When</dt>
                <dd>{new Date(entry.startedAt).toLocaleString()}</dd>
              </div>
              <div>
                <dt>Tool</dt>
                <dd>
                  <code>
                    <ServerText text={entry.tool} />
                  </code>{' '}
                  on {entry.server}
                </dd>
              </div>
              <div>
                <dt>Made by</dt>
                <dd>{sourceLabels[entry.source]}</dd>
              </div>
              <div>
                <dt>Approval</dt>
                <dd>{approvalLabel(entry)}</dd>
              </div>
              <div>
                <dt>Outcome</dt>
                <dd>
                  <OutcomePill outcome={entry.outcome} />
                </dd>
              </div>
              <div>
                <dt>Duration</dt>
                <dd>{formatDuration(entry.durationMs)}</dd>
              </div>
              <div>
                <dt>Result size</dt>
                <dd>{formatBytes(entry.resultBytes)}</dd>
              </div>
              {entry.conversationId !== undefined && (
                <div>
                  <dt>Conversation</dt>
                  <dd>
                    {conversation ? (
                      <button type="button" className="link-button" onClick={() => openConversation(conversation.id)}>
                        {conversation.title}
                      </button>
                    ) : (
                      <span className="muted">{conversations === undefined ? 'Loading…' : 'deleted'}</span>
                    )}
                  </dd>
                </div>
              )}
            </dl>
            {entry.error && (
              <p className="callout callout-danger activity-error">
                <ServerText text={entry.error} />
              </p>
            )}
            <section aria-label="Arguments">
              <h3>Arguments</h3>
              <p className="field-hint">Values of secret-looking keys, and anything matching a stored secret, were redacted before they were kept.</p>
              <JsonView value={detail.arguments} label="Arguments as kept" />
            </section>
            <section aria-label="Result">
              <h3>Result</h3>
              {detail.result === undefined ? (
                <p className="muted">{entry.outcome === 'denied' ? 'None: the call was refused before it reached the server.' : 'None kept.'}</p>
              ) : (
                <>
                  {detail.resultTruncated && <p className="field-hint">Cut short: only the start of a long result is kept.</p>}
                  <pre className="code-block json-view" aria-label="Result as kept" tabIndex={0}>
                    <ServerText text={readable(detail.result)} />
                  </pre>
                </>
              )}
            </section>
          </>
        )}
        <footer className="dialog-actions">
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        </footer>
      </div>
    </Dialog>
  );
}
