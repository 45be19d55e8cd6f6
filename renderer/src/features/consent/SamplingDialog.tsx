import { Fragment, startTransition, useActionState, useId, useState } from 'react';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import type { SamplingModelChoice } from '../../../../shared/consent/consent-types.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { ConsentFrame } from './ConsentFrame.tsx';
import { ConsentOrigin } from './ConsentOrigin.tsx';
import { describeBlock, hintNames, messagesEditable, priorityLines, promptEdits, promptForm, reviewMessages } from './sampling-review.ts';
import type { PromptForm } from './sampling-review.ts';
import { useConsentAnswer } from './use-consent-answer.ts';
import { SamplingContent } from './SamplingContent.tsx';
import { HiddenCharactersNote, ServerText } from '../../components/ServerText.tsx';

/** Sampling is reviewed twice (client/sampling § User Interaction Model): the prompt before it goes, the answer before it returns. */
export function SamplingDialog(props: ConsentDialogProps<'sampling'>) {
  return props.request.payload.stage === 'request' ? <PromptReview {...props} /> : <AnswerReview {...props} />;
}

type Choice = 'approve' | 'decline';

function useRejectReason() {
  const id = useId();
  const [reason, setReason] = useState('');
  const field = (
    <div className="field">
      <label htmlFor={id}>Reason for rejecting (optional)</label>
      <input id={id} value={reason} maxLength={2000} onChange={(event) => setReason(event.target.value)} placeholder={`Sent to the server with the rejection`} />
    </div>
  );
  return { reason: reason.trim(), field };
}

function PromptReview({ request, position, onDefer }: ConsentDialogProps<'sampling'>) {
  const payload = request.payload as Extract<typeof request.payload, { stage: 'request' }>;
  const prompt = payload.request;
  const answer = useConsentAnswer(request);
  const api = useHostApi();
  const ids = { system: useId(), tokens: useId(), messages: useId(), prefs: useId() };
  const [turnOff, setTurnOff] = useState(false);
  const [form, setForm] = useState<PromptForm>(() => promptForm(prompt));
  const { reason, field: reasonField } = useRejectReason();
  const messages = reviewMessages(prompt);
  const editable = messagesEditable(messages);
  const checked = promptEdits(prompt, form);

  const [error, decide, pending] = useActionState(async (_previous: string | undefined, choice: Choice) => {
    try {
      if (choice === 'decline') {
        await answer({ action: 'decline', ...(reason ? { message: reason } : {}) });
        // Whether to allow sampling at all is the person's call at the first request: later ones are refused unasked.
        if (turnOff && request.server) await api.call('human.setServer', { server: request.server, sampling: 'off' });
        return undefined;
      }
      if (!checked.ok) return checked.error;
      await answer({ action: 'approve', ...(checked.edits ? { edits: checked.edits } : {}) });
    } catch (failure) {
      return errorMessage(failure);
    }
    return undefined;
  }, undefined);
  const choose = (choice: Choice) => () => startTransition(() => decide(choice));
  const server = request.server ?? 'A server';
  const edited = checked.ok && checked.edits !== undefined;

  return (
    <ConsentFrame
      title={`${server} wants to ask the model`}
      onDefer={onDefer}
      description={`The server asks Switchboard to send this prompt to a model${position.total > 1 ? ` (request ${position.index + 1} of ${position.total})` : ''}. You can change it before it goes, and you will see the answer before the server gets it.`}
    >
      <form className="dialog-body consent-body" onSubmit={(event) => event.preventDefault()}>
        <ConsentOrigin request={request} onDefer={onDefer} />
        <ModelFacts prompt={prompt} model={payload.model} id={ids.prefs} />
        <div className="field">
          <label htmlFor={ids.system}>System prompt</label>
          <textarea
            id={ids.system}
            rows={Math.min(8, Math.max(2, form.systemPrompt.split('\n').length))}
            value={form.systemPrompt}
            placeholder="None"
            onChange={(event) => setForm((current) => ({ ...current, systemPrompt: event.target.value }))}
          />
          <HiddenCharactersNote text={form.systemPrompt} />
        </div>
        <section className="sampling-messages" aria-labelledby={ids.messages}>
          <h3 id={ids.messages}>Messages</h3>
          {!editable && <p className="field-hint">Some messages hold more than text (an image, audio or a tool call), so the messages can be reviewed but not changed.</p>}
          <ol className="sampling-message-list">
            {messages.map((message, index) => {
              const label = `Message ${index + 1} (${message.role === 'user' ? 'user' : 'assistant'})`;
              return (
                <li key={index} className={`sampling-message sampling-message-${message.role}`}>
                  {editable ? (
                    <div className="field">
                      <label htmlFor={`${ids.messages}-${index}`}>{label}</label>
                      <textarea
                        id={`${ids.messages}-${index}`}
                        rows={Math.min(10, Math.max(2, form.messages[index].split('\n').length))}
                        value={form.messages[index]}
                        onChange={(event) => setForm((current) => ({ ...current, messages: current.messages.map((text, at) => (at === index ? event.target.value : text)) }))}
                      />
                      <HiddenCharactersNote text={form.messages[index]} />
                    </div>
                  ) : (
                    <>
                      <p className="muted small">{label}</p>
                      <SamplingContent content={prompt.messages[index].content} />
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
        <div className="field sampling-tokens">
          <label htmlFor={ids.tokens}>Maximum tokens</label>
          <input
            id={ids.tokens}
            type="text"
            inputMode="numeric"
            value={form.maxTokens}
            onChange={(event) => setForm((current) => ({ ...current, maxTokens: event.target.value }))}
            aria-invalid={checked.ok ? undefined : true}
          />
          {!checked.ok && <p className="field-error">{checked.error}</p>}
        </div>
        {edited && (
          <p className="field-hint">
            Edited: the model gets your version.{' '}
            <button type="button" className="link-button" onClick={() => setForm(promptForm(prompt))}>
              Undo my changes
            </button>
          </p>
        )}
        {reasonField}
        {request.server && (
          <label className="consent-turn-off">
            <input type="checkbox" checked={turnOff} onChange={(event) => setTurnOff(event.target.checked)} />
            When I reject, turn sampling off for <ServerText text={request.server} /> (refused without asking; the Access tab turns it back on)
          </label>
        )}
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <button type="button" className="button button-quiet-danger" data-shortcut="deny" disabled={pending} onClick={choose('decline')}>
            Reject
          </button>
          <span className="consent-actions-spacer" />
          <button type="button" className="button button-primary" disabled={pending} onClick={choose('approve')}>
            {edited ? 'Send my version' : 'Send to the model'}
          </button>
        </footer>
      </form>
    </ConsentFrame>
  );
}

function ModelFacts({ prompt, model, id }: { prompt: CreateMessageRequestParams; model: SamplingModelChoice | undefined; id: string }) {
  const hints = hintNames(prompt.modelPreferences);
  const priorities = priorityLines(prompt.modelPreferences);
  const tools = prompt.tools ?? [];
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="visually-hidden">
        Model
      </h3>
      <dl className="consent-facts">
        <dt>Model</dt>
        <dd>
          {model ? (
            <>
              <code>{model.model}</code> <span className="muted">({model.provider === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'})</span>
              <span className="muted small"> · {model.reason}</span>
            </>
          ) : (
            <span className="muted">No model is set up to answer; set one up in Settings.</span>
          )}
        </dd>
        <dt>Server’s preferences</dt>
        <dd>
          {hints.length === 0 && priorities.length === 0 ? (
            <span className="muted">None</span>
          ) : (
            <>
              {hints.length > 0 && (
                <>
                  Models like{' '}
                  {hints.map((hint, index) => (
                    <Fragment key={index}>
                      {index > 0 && ', '}
                      <code><ServerText text={hint} /></code>
                    </Fragment>
                  ))}
                  {priorities.length > 0 && ' · '}
                </>
              )}
              {priorities.join(', ')}
            </>
          )}
        </dd>
        {prompt.temperature !== undefined && (
          <>
            <dt>Temperature</dt>
            <dd>{prompt.temperature}</dd>
          </>
        )}
        {prompt.stopSequences && prompt.stopSequences.length > 0 && (
          <>
            <dt>Stops at</dt>
            <dd>
              {prompt.stopSequences.map((stop, index) => (
                <code key={index} className="sampling-stop">
                  <ServerText text={JSON.stringify(stop)} />
                </code>
              ))}
            </dd>
          </>
        )}
        {prompt.includeContext && prompt.includeContext !== 'none' && (
          <>
            <dt>Context</dt>
            <dd>
              Asks to include context from {prompt.includeContext === 'thisServer' ? 'this server' : 'all servers'}. Switchboard sends only the messages shown here.
            </dd>
          </>
        )}
        {tools.length > 0 && (
          <>
            <dt>Tools offered</dt>
            <dd>
              <ul className="sampling-tools" aria-label="Tools offered to the model">
                {tools.map((tool) => (
                  <li key={tool.name}>
                    <code><ServerText text={tool.name} /></code>
                    {tool.description && <> · <span className="muted small"><ServerText text={tool.description} /></span></>}
                  </li>
                ))}
              </ul>
              {prompt.toolChoice?.mode && (
                <span className="muted small">
                  {prompt.toolChoice.mode === 'required' ? 'The model must call one.' : prompt.toolChoice.mode === 'none' ? 'The model may not call them.' : 'The model may call them.'}
                </span>
              )}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

function AnswerReview({ request, position, onDefer }: ConsentDialogProps<'sampling'>) {
  const payload = request.payload as Extract<typeof request.payload, { stage: 'response' }>;
  const response = payload.response;
  const answer = useConsentAnswer(request);
  const ids = { answer: useId(), prompt: useId() };
  const blocks = Array.isArray(response.content) ? response.content : [response.content];
  const textBlock = blocks.find((block) => block.type === 'text');
  // The text can be corrected; tool calls and media are shown as the model made them.
  const isText = textBlock !== undefined;
  const others = blocks.filter((block) => block.type !== 'text');
  const original = textBlock ? describeBlock(textBlock) : '';
  const [text, setText] = useState(original);
  const { reason, field: reasonField } = useRejectReason();

  const [error, decide, pending] = useActionState(async (_previous: string | undefined, choice: Choice) => {
    try {
      if (choice === 'decline') await answer({ action: 'decline', ...(reason ? { message: reason } : {}) });
      else await answer({ action: 'approve', ...(isText && text !== original ? { edits: { responseText: text } } : {}) });
    } catch (failure) {
      return errorMessage(failure);
    }
    return undefined;
  }, undefined);
  const choose = (choice: Choice) => () => startTransition(() => decide(choice));
  const server = request.server ?? 'the server';
  const messages = reviewMessages(payload.request);

  return (
    <ConsentFrame
      title={`Send the model’s answer to ${server}?`}
      onDefer={onDefer}
      description={`The model answered the prompt ${server} asked for${position.total > 1 ? ` (request ${position.index + 1} of ${position.total})` : ''}. The server gets it only if you approve; you can correct it first.`}
    >
      <form className="dialog-body consent-body" onSubmit={(event) => event.preventDefault()}>
        <ConsentOrigin request={request} onDefer={onDefer} />
        <dl className="consent-facts">
          <dt>Model</dt>
          <dd>
            <code>{response.model}</code>
          </dd>
          {response.stopReason && (
            <>
              <dt>Stopped because</dt>
              <dd>
                {response.stopReason === 'endTurn'
                  ? 'it finished'
                  : response.stopReason === 'maxTokens'
                    ? 'it reached the token limit'
                    : response.stopReason === 'toolUse'
                      ? 'it calls tools; the server runs them and asks again'
                      : response.stopReason}
              </dd>
            </>
          )}
        </dl>
        <details className="sampling-prompt">
          <summary id={ids.prompt}>The prompt that was sent</summary>
          {payload.request.systemPrompt && (
            <p className="consent-message-text">
              <span className="muted small">System: </span>
              <ServerText text={payload.request.systemPrompt} />
            </p>
          )}
          <ol className="sampling-message-list">
            {messages.map((message, index) => (
              <li key={index} className={`sampling-message sampling-message-${message.role}`}>
                <p className="muted small">{message.role}</p>
                <SamplingContent content={payload.request.messages[index].content} />
              </li>
            ))}
          </ol>
        </details>
        {isText ? (
          <div className="field">
            <label htmlFor={ids.answer}>Answer</label>
            <textarea id={ids.answer} rows={Math.min(14, Math.max(3, text.split('\n').length))} value={text} onChange={(event) => setText(event.target.value)} />
            {text !== original && (
              <p className="field-hint">
                Edited: the server gets your version.{' '}
                <button type="button" className="link-button" onClick={() => setText(original)}>
                  Undo my changes
                </button>
              </p>
            )}
          </div>
        ) : null}
        {others.length > 0 && (
          <section aria-label="Tool calls and media in the answer">
            <SamplingContent content={others} />
          </section>
        )}
        {reasonField}
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <button type="button" className="button button-quiet-danger" disabled={pending} onClick={choose('decline')}>
            Reject
          </button>
          <span className="consent-actions-spacer" />
          <button type="button" className="button button-primary" disabled={pending} onClick={choose('approve')}>
            {text !== original ? 'Send my version' : `Send to ${server}`}
          </button>
        </footer>
      </form>
    </ConsentFrame>
  );
}
