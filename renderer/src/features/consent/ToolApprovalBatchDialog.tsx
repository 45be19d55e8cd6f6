import { useEffect, useId, useRef, useState } from 'react';
import type { ConsentRequestOf } from '../../../../shared/consent/consent-types.ts';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormError } from '../../components/FormError.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { hintLines } from './annotation-hints.ts';
import { argumentsChanged, formatArguments, parseArguments } from './arguments-json.ts';
import { ConsentOrigin } from './ConsentOrigin.tsx';
import { EditedArgumentsHint } from './EditedArgumentsHint.tsx';
import { McpIcon } from '../../components/icons/McpIcon.tsx';
import { useToolIcons } from '../../components/icons/use-tool-icons.ts';

type ApprovalRequest = ConsentRequestOf<'tool-approval'>;

/** A row's arguments as shown (maybe edited), and why the host refused them when it did. */
type Draft = { text: string; error?: string };

const PILL = { ok: 'pill-ok', warning: 'pill-warning', danger: 'pill-danger', neutral: '' } as const;

/**
 * The tool uses of one model response, reviewed together: each call with its server, tool and (editable)
 * arguments, allowed once or denied on its own, or every call still shown allowed at once. Each answer is the
 * same `tool-approval` answer the single dialog gives; the host checks edits against the tool's input schema and
 * refuses a bad one, which then stays open here with the reason.
 */
export function ToolApprovalBatchDialog({ requests, onDefer }: { requests: ApprovalRequest[]; onDefer: () => void }) {
  const api = useHostApi();
  const consentClosed = useAppStore((state) => state.consentClosed);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const listRef = useRef<HTMLUListElement>(null);
  const count = useRef(requests.length);

  // When a row is answered its buttons go: focus moves on to the next call's safe primary action.
  useEffect(() => {
    if (requests.length < count.current && !listRef.current?.contains(document.activeElement)) {
      listRef.current?.querySelector<HTMLElement>('[data-shortcut="allow-once"]')?.focus();
    }
    count.current = requests.length;
  }, [requests.length]);

  const draftOf = (request: ApprovalRequest): Draft => drafts[request.id] ?? { text: formatArguments(request.payload.arguments) };
  const setDraft = (id: string, draft: Draft) => setDrafts((all) => ({ ...all, [id]: draft }));

  /** Answers each request in turn; one refused (an invalid edit) keeps its row open with the reason, the rest go on. */
  const answer = async (chosen: ApprovalRequest[], decision: 'allow' | 'deny') => {
    setError(undefined);
    setPending(true);
    try {
      for (const request of chosen) {
        const draft = draftOf(request);
        let body;
        if (decision === 'deny') body = { decision: 'deny' as const };
        else {
          const parsed = parseArguments(draft.text);
          if (!parsed.ok) {
            setDraft(request.id, { ...draft, error: parsed.error });
            continue;
          }
          const edited = argumentsChanged(request.payload.arguments, parsed.value);
          body = { decision: 'allow' as const, scope: 'once' as const, ...(edited ? { arguments: parsed.value } : {}) };
        }
        try {
          await api.call('consent.answer', { id: request.id, answer: body });
          consentClosed({ id: request.id });
        } catch (failure) {
          setDraft(request.id, { ...draft, error: errorMessage(failure) });
        }
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const server = requests[0].server;
  const servers = new Set(requests.map((request) => request.server));
  return (
    <Dialog
      title={`Allow ${requests.length} tool calls${servers.size === 1 && server ? ` on ${writeOutHidden(server)}` : ''}?`}
      onClose={onDefer}
      size="wide"
      description="The model wants to run these tools, asked in one answer. Check what each will send (you can edit it), then allow or deny each, or allow all shown."
    >
      <div className="dialog-body consent-body">
        <ConsentOrigin request={requests[0]} onDefer={onDefer} />
        <ul className="trust-batch" aria-label="Tool calls to review" ref={listRef}>
          {requests.map((request, index) => (
            <CallRow
              key={request.id}
              request={request}
              draft={draftOf(request)}
              first={index === 0}
              pending={pending}
              onEdit={(text) => setDraft(request.id, { text })}
              onAnswer={(decision) => void answer([request], decision)}
            />
          ))}
        </ul>
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <button type="button" className="button button-quiet-danger" disabled={pending} onClick={() => void answer(requests, 'deny')}>
            Deny all shown
          </button>
          <span className="consent-actions-spacer" />
          <button type="button" className="button" disabled={pending} onClick={() => void answer(requests, 'allow')}>
            Allow all shown
          </button>
        </footer>
      </div>
    </Dialog>
  );
}

interface CallRowProps {
  request: ApprovalRequest;
  draft: Draft;
  first: boolean;
  pending: boolean;
  onEdit: (text: string) => void;
  onAnswer: (decision: 'allow' | 'deny') => void;
}

function CallRow({ request, draft, first, pending, onEdit, onAnswer }: CallRowProps) {
  const { payload } = request;
  const ids = { args: useId(), error: useId() };
  const original = formatArguments(payload.arguments);
  const local = parseArguments(draft.text);
  const problem = local.ok ? draft.error : local.error;
  const hints = hintLines(payload.annotations);
  const label = `${writeOutHidden(payload.tool)} on ${writeOutHidden(request.server ?? 'this server')}`;
  const icons = useToolIcons(request.server, payload.tool);
  return (
    <li className="trust-batch-item" aria-label={label} data-shortcut-scope="">
      <div className="trust-batch-head">
        <strong>
          {request.server && <McpIcon server={request.server} icons={icons.toolIcons} />}
          <code>
            <ServerText text={payload.tool} />
          </code>
        </strong>
        <span className="muted">
          on {request.server && <McpIcon server={request.server} icons={icons.serverIcons} />}
          <ServerText text={request.server ?? 'this server'} />
        </span>
        {hints.length === 0 ? (
          <span className="pill pill-warning">No hints declared</span>
        ) : (
          hints.map((hint) => (
            <span key={hint.name} className={`pill ${PILL[hint.tone]}`} title={hint.text}>
              {hint.name}
            </span>
          ))
        )}
      </div>
      {payload.description && (
        <p className="muted small consent-description">
          <ServerText text={payload.description} />
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.args}>Arguments of {label} (JSON)</label>
        <textarea
          id={ids.args}
          className="mono consent-arguments"
          rows={Math.min(10, Math.max(2, draft.text.split('\n').length))}
          value={draft.text}
          spellCheck={false}
          onChange={(event) => onEdit(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.error : undefined}
        />
        {problem && (
          <p className="field-error" id={ids.error} role="alert">
            {problem}
          </p>
        )}
        {draft.text !== original && <EditedArgumentsHint onUndo={() => onEdit(original)} />}
      </div>
      <div className="trust-batch-actions">
        <button type="button" className="button button-small button-quiet-danger" data-shortcut="deny" disabled={pending} onClick={() => onAnswer('deny')}>
          Deny
        </button>
        <button
          type="button"
          className="button button-small button-primary"
          data-shortcut="allow-once"
          data-autofocus={first ? '' : undefined}
          disabled={pending || !local.ok}
          onClick={() => onAnswer('allow')}
        >
          Allow once
        </button>
      </div>
    </li>
  );
}
