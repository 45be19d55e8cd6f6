import { startTransition, useActionState, useEffect, useId, useRef, useState } from 'react';
import type { Field } from '../../../../shared/consent/elicitation-form.ts';
import { validateElicitationValues } from '../../../../shared/consent/elicitation-form.ts';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { ConsentFrame } from './ConsentFrame.tsx';
import { ConsentOrigin } from './ConsentOrigin.tsx';
import { fieldRules, initialValues, inputType, listInWords } from './elicitation-fields.ts';
import type { FormValue, FormValues } from './elicitation-fields.ts';
import { useConsentAnswer } from './use-consent-answer.ts';
import { ServerText } from '../../components/ServerText.tsx';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';

type Action = 'accept' | 'decline' | 'cancel';

export function ElicitationFormDialog({ request, position, onDefer }: ConsentDialogProps<'elicitation-form'>) {
  const { payload } = request;
  const answer = useConsentAnswer(request);
  const prefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(() => initialValues(payload.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const sensitive = payload.sensitive.length > 0;

  const [error, decide, pending] = useActionState(async (_previous: string | undefined, action: Action) => {
    try {
      if (action !== 'accept') {
        await answer({ action });
        return undefined;
      }
      const checked = validateElicitationValues(payload.fields, values);
      if (!checked.ok) {
        setErrors(checked.errors);
        setAttempt((n) => n + 1);
        return undefined;
      }
      setErrors({});
      await answer({ action: 'accept', content: checked.values });
    } catch (failure) {
      return errorMessage(failure);
    }
    return undefined;
  }, undefined);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const choose = (action: Action) => () => startTransition(() => decide(action));
  const set = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  };
  const problems = payload.fields.filter((field) => errors[field.name] !== undefined);
  const server = request.server ?? 'A server';

  return (
    <ConsentFrame
      title={`${server} asks for information`}
      onDefer={onDefer}
      description={`Fill in what you want to share, or decline${position.total > 1 ? ` (request ${position.index + 1} of ${position.total})` : ''}. Nothing is sent until you choose.`}
    >
      <form
        ref={formRef}
        className="dialog-body consent-body"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Enter sends the form, except one that seems to ask for a secret: there sending must be a deliberate click.
          if (!sensitive) choose('accept')();
        }}
      >
        <ConsentOrigin request={request} onDefer={onDefer} />
        {sensitive && (
          <div className="callout callout-danger consent-secret-warning" role="alert">
            <strong>This form seems to ask for {listInWords(payload.sensitive)}.</strong>
            <p>
              Servers must not ask for passwords, keys, tokens or payment details in a form like this. If a service needs you to sign in, it should send you
              to its own page instead. Decline unless you are sure.
            </p>
          </div>
        )}
        <section className="consent-message" aria-label="Message from the server">
          <p className="muted small">Message from {server}</p>
          <p className="consent-message-text"><ServerText text={payload.message} /></p>
        </section>
        {problems.length > 0 && (
          <div className="form-error" role="alert">
            {problems.length === 1 ? 'One field needs attention' : `${problems.length} fields need attention`}:{' '}
            {problems.map((field) => `${writeOutHidden(field.label)}: ${errors[field.name]}`).join('; ')}
          </div>
        )}
        {payload.fields.length > 0 && (
          <div className="elicitation-fields">
            {payload.fields.map((field, index) => (
              <FieldInput key={field.name} id={`${prefix}-${index}`} field={field} value={values[field.name]} error={errors[field.name]} onChange={(value) => set(field.name, value)} />
            ))}
          </div>
        )}
        <FormError message={error} />
        <footer className="dialog-actions consent-actions">
          <button type="button" className="button" disabled={pending} onClick={choose('cancel')}>
            Cancel
          </button>
          <span className="consent-actions-spacer" />
          <button type="button" className={sensitive ? 'button button-primary' : 'button button-quiet-danger'} disabled={pending} onClick={choose('decline')}>
            Decline
          </button>
          <button type="submit" className={sensitive ? 'button button-quiet-danger' : 'button button-primary'} disabled={pending}>
            {sensitive ? 'Send anyway' : 'Send'}
          </button>
        </footer>
        <p className="field-hint">
          Decline tells {server} you do not want to answer; Cancel closes the question without a decision.
        </p>
      </form>
    </ConsentFrame>
  );
}

interface FieldInputProps {
  id: string;
  field: Field;
  value: FormValue | undefined;
  error: string | undefined;
  onChange: (value: FormValue) => void;
}

function FieldInput({ id, field, value, error, onChange }: FieldInputProps) {
  const rules = fieldRules(field);
  const describedBy = [field.description ? `${id}-description` : '', rules ? `${id}-rules` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const label = (
    <>
      <ServerText text={field.label} />
      {field.required && (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  const notes = (
    <>
      {field.description && (
        <p className="field-hint" id={`${id}-description`}>
          <ServerText text={field.description} />
        </p>
      )}
      {rules && (
        <p className="field-hint" id={`${id}-rules`}>
          {rules}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );

  switch (field.kind) {
    case 'boolean':
      return (
        <div className="field">
          <label className="checkbox-label">
            <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} aria-invalid={invalid} aria-describedby={describedBy} />
            {label}
          </label>
          {notes}
        </div>
      );
    case 'select':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            aria-required={field.required || undefined}
          >
            <option value="">{field.required ? 'Choose…' : 'No answer'}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {writeOutHidden(option.label)}
              </option>
            ))}
          </select>
          {notes}
        </div>
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="field elicitation-choices" aria-invalid={invalid} aria-describedby={describedBy}>
          <legend>{label}</legend>
          {field.options.map((option) => (
            <label key={option.value} className="checkbox-label">
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((entry) => entry !== option.value))}
              />
              <ServerText text={option.label} />
            </label>
          ))}
          {notes}
        </fieldset>
      );
    }
    case 'number':
    case 'text':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            // A number is typed as text, not type=number: the browser would turn "12abc" into an empty value, and
            // the person would never hear why.
            {...(field.kind === 'number' ? { type: 'text', inputMode: field.integer ? 'numeric' : 'decimal' } : { type: inputType(field), spellCheck: false })}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            aria-required={field.required || undefined}
            autoComplete="off"
          />
          {notes}
        </div>
      );
  }
}
