import { useActionState, useId, useState } from 'react';
import type { ProviderId } from '../../../../shared/chat/chat-types.ts';
import type { AppSettings } from '../../../../shared/chat/settings-types.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { formFromSettings, keyStatus, settingsPatch } from './settings-form.ts';

const ENV_NAMES: Record<ProviderId, { key: string; url: string }> = {
  anthropic: { key: 'ANTHROPIC_API_KEY', url: 'ANTHROPIC_BASE_URL' },
  openai: { key: 'OPENAI_API_KEY', url: 'OPENAI_BASE_URL' },
};

interface ProviderSectionProps {
  provider: ProviderId;
  name: string;
  settings: AppSettings;
  urlPlaceholder: string;
  urlHint: string;
}

type Outcome = { ok?: string; error?: string };

/** The key is write-only: it goes to the host and never comes back; the page only learns whether one is set. */
export function ProviderSection({ provider, name, settings, urlPlaceholder, urlHint }: ProviderSectionProps) {
  const api = useHostApi();
  const ids = { heading: useId(), key: useId(), url: useId(), urlHint: useId() };
  const status = keyStatus(settings, provider);
  const env = ENV_NAMES[provider];

  const [keyOutcome, saveKey, savingKey] = useActionState(async (_previous: Outcome, form: FormData): Promise<Outcome> => {
    const remove = form.get('intent') === 'remove';
    const apiKey = remove ? '' : String(form.get('apiKey') ?? '').trim();
    if (!remove && !apiKey) return { error: 'Paste a key first.' };
    try {
      await api.call('settings.setApiKey', { provider, apiKey });
    } catch (failure) {
      return { error: errorMessage(failure) };
    }
    return { ok: remove ? 'The stored key was removed.' : 'Key saved.' };
  }, {});

  const [url, setUrl] = useState(settings.providers[provider].baseURL ?? '');
  const field = provider === 'anthropic' ? 'anthropicBaseURL' : 'openaiBaseURL';
  const [urlOutcome, saveUrl, savingUrl] = useActionState(async (): Promise<Outcome> => {
    const { patch, errors } = settingsPatch(settings, { ...formFromSettings(settings), [field]: url });
    if (errors[field]) return { error: errors[field] };
    if (Object.keys(patch).length === 0) return { ok: 'Nothing changed.' };
    try {
      await api.call('settings.update', patch);
    } catch (failure) {
      return { error: errorMessage(failure) };
    }
    return { ok: 'Saved.' };
  }, {});

  return (
    <section className="settings-section" aria-labelledby={ids.heading}>
      <header className="settings-section-head">
        <h2 id={ids.heading}>{name}</h2>
        <span className={`pill ${status === 'none' ? 'pill-warning' : 'pill-ok'}`} aria-label={`${name} API key: ${statusText(status, env.key)}`}>
          {statusText(status, env.key)}
        </span>
      </header>
      <form action={saveKey} className="settings-form">
        <div className="field">
          <label htmlFor={ids.key}>{name} API key</label>
          <div className="settings-inline">
            <input id={ids.key} name="apiKey" type="password" autoComplete="off" spellCheck={false} placeholder={status === 'none' ? 'Paste the key' : 'Paste a new key to replace it'} />
            <button type="submit" name="intent" value="save" className="button" disabled={savingKey}>
              Save key
            </button>
            {status === 'stored' && (
              <button type="submit" name="intent" value="remove" className="button button-quiet-danger" disabled={savingKey}>
                Remove stored key
              </button>
            )}
          </div>
          <p className="field-hint">
            {settings.secretStorage.encrypted
              ? 'Kept encrypted by the system keychain and never shown again.'
              : 'Kept in an owner-only file in the data folder (not encrypted) and never shown again.'}{' '}
            Without one, {env.key} from the environment is used.
          </p>
          {settings.secretStorage.note && <p className="callout banner-warning" role="note">{settings.secretStorage.note}</p>}
        </div>
        <Outcome outcome={keyOutcome} />
      </form>
      <form action={saveUrl} className="settings-form">
        <div className="field">
          <label htmlFor={ids.url}>{name} base URL</label>
          <div className="settings-inline">
            <input
              id={ids.url}
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder={urlPlaceholder}
              spellCheck={false}
              aria-describedby={ids.urlHint}
              aria-invalid={urlOutcome.error ? true : undefined}
            />
            <button type="submit" className="button" disabled={savingUrl}>
              Save URL
            </button>
          </div>
          <p className="field-hint" id={ids.urlHint}>
            {urlHint} Empty: {env.url} from the environment, or the default.
          </p>
        </div>
        <Outcome outcome={urlOutcome} />
      </form>
    </section>
  );
}

function statusText(status: ReturnType<typeof keyStatus>, envName: string): string {
  return status === 'stored' ? 'Key stored' : status === 'environment' ? `Key from environment (${envName})` : 'No key set';
}

export function Outcome({ outcome }: { outcome: Outcome }) {
  if (outcome.error) {
    return (
      <p className="form-error" role="alert">
        {outcome.error}
      </p>
    );
  }
  if (outcome.ok) {
    return (
      <p className="settings-ok" role="status">
        {outcome.ok}
      </p>
    );
  }
  return null;
}
