import { useActionState, useId, useState } from 'react';
import type { ProviderId } from '../../../../shared/chat/chat-types.ts';
import type { AppSettings } from '../../../../shared/chat/settings-types.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { useModels } from '../chat/use-models.ts';
import { Outcome } from './ProviderSection.tsx';
import { formFromSettings, settingsPatch } from './settings-form.ts';
import type { SettingsField, SettingsFormValues } from './settings-form.ts';

type SaveState = { ok?: string; error?: string; fieldErrors?: Partial<Record<SettingsField, string>> };

export function ChatSettingsForm({ settings }: { settings: AppSettings }) {
  const api = useHostApi();
  const models = useModels();
  const [values, setValues] = useState<SettingsFormValues>(() => formFromSettings(settings));
  const set = <K extends SettingsField>(field: K, value: SettingsFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const id = useId();
  const fieldId = (field: SettingsField) => `${id}-${field}`;

  const [state, save, saving] = useActionState(async (): Promise<SaveState> => {
    // Base URLs are saved with their provider; leave them as they are here.
    const { patch, errors } = settingsPatch(settings, { ...values, anthropicBaseURL: formFromSettings(settings).anthropicBaseURL, openaiBaseURL: formFromSettings(settings).openaiBaseURL });
    if (Object.keys(errors).length > 0) return { fieldErrors: errors };
    if (Object.keys(patch).length === 0) return { ok: 'Nothing changed.' };
    try {
      await api.call('settings.update', patch);
    } catch (failure) {
      return { error: errorMessage(failure) };
    }
    return { ok: 'Saved.' };
  }, {});

  const errorOf = (field: SettingsField) => state.fieldErrors?.[field];
  const invalid = (field: SettingsField) => (errorOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(field)}-error` } : {});
  const fieldError = (field: SettingsField) =>
    errorOf(field) && (
      <p className="field-error" id={`${fieldId(field)}-error`}>
        {errorOf(field)}
      </p>
    );
  const modelList = models[values.defaultProvider] ?? [];

  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`}>
      <header className="settings-section-head">
        <h2 id={`${id}-heading`}>Chat</h2>
      </header>
      <form action={save} className="settings-form" noValidate>
        <div className="settings-grid">
          <div className="field">
            <label htmlFor={fieldId('defaultProvider')}>Default provider</label>
            <select id={fieldId('defaultProvider')} value={values.defaultProvider} onChange={(event) => set('defaultProvider', event.target.value as ProviderId)}>
              <option value="anthropic">Anthropic</option>
              <option value="openai">{settings.providers.openai.label ?? 'OpenAI-compatible'}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={fieldId('defaultModel')}>Default model</label>
            <input
              id={fieldId('defaultModel')}
              list={`${id}-models`}
              value={values.defaultModel}
              onChange={(event) => set('defaultModel', event.target.value)}
              spellCheck={false}
              {...invalid('defaultModel')}
            />
            <datalist id={`${id}-models`}>
              {modelList.map((model) => (
                <option key={model.id} value={model.id}>
                  {model.displayName}
                </option>
              ))}
            </datalist>
            {fieldError('defaultModel')}
          </div>
          <div className="field">
            <label htmlFor={fieldId('maxStepsPerTurn')}>Steps per turn</label>
            <input
              id={fieldId('maxStepsPerTurn')}
              inputMode="numeric"
              value={values.maxStepsPerTurn}
              onChange={(event) => set('maxStepsPerTurn', event.target.value)}
              {...invalid('maxStepsPerTurn')}
            />
            <p className="field-hint">Model round trips in one turn before it stops and asks you to go on (1–500).</p>
            {fieldError('maxStepsPerTurn')}
          </div>
          <div className="field">
            <label htmlFor={fieldId('toolResultCharLimit')}>Tool result cap (characters)</label>
            <input
              id={fieldId('toolResultCharLimit')}
              inputMode="numeric"
              value={values.toolResultCharLimit}
              onChange={(event) => set('toolResultCharLimit', event.target.value)}
              {...invalid('toolResultCharLimit')}
            />
            <p className="field-hint">How much of one tool result the model gets; you always see all of it.</p>
            {fieldError('toolResultCharLimit')}
          </div>
          <div className="field">
            <label htmlFor={fieldId('contextCharLimit')}>Context cap (characters)</label>
            <input
              id={fieldId('contextCharLimit')}
              inputMode="numeric"
              value={values.contextCharLimit}
              onChange={(event) => set('contextCharLimit', event.target.value)}
              {...invalid('contextCharLimit')}
            />
            <p className="field-hint">How much of one attached resource or prompt message the model gets; more is cut with a note.</p>
            {fieldError('contextCharLimit')}
          </div>
          <div className="field">
            <label htmlFor={fieldId('toolSearchMaxTools')}>Tool search above (tools)</label>
            <input
              id={fieldId('toolSearchMaxTools')}
              inputMode="numeric"
              value={values.toolSearchMaxTools}
              onChange={(event) => set('toolSearchMaxTools', event.target.value)}
              {...invalid('toolSearchMaxTools')}
            />
            <p className="field-hint">
              With more tools on than this (1–127), the model gets your pinned tools and those used in the chat, and searches for the rest.
            </p>
            {fieldError('toolSearchMaxTools')}
          </div>
          <div className="field">
            <label htmlFor={fieldId('toolSearchMaxTokens')}>Tool search above (estimated tokens)</label>
            <input
              id={fieldId('toolSearchMaxTokens')}
              inputMode="numeric"
              value={values.toolSearchMaxTokens}
              onChange={(event) => set('toolSearchMaxTokens', event.target.value)}
              {...invalid('toolSearchMaxTokens')}
            />
            <p className="field-hint">Tool definitions are sent with every request; above this size, tool search is on too.</p>
            {fieldError('toolSearchMaxTokens')}
          </div>
        </div>
        <div className="field">
          <label htmlFor={fieldId('systemPrompt')}>System prompt</label>
          <textarea id={fieldId('systemPrompt')} rows={6} value={values.systemPrompt} onChange={(event) => set('systemPrompt', event.target.value)} />
          <p className="field-hint">Sent first in every conversation; each connected server’s instructions follow it, marked as the server’s words.</p>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save chat settings'}
          </button>
          <Outcome outcome={state} />
        </div>
      </form>
    </section>
  );
}
