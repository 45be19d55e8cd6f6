import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { OAuthSettings } from '../../../../../shared/api/auth-api.ts';
import { useHostApi } from '../../../app/host-context.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';

/** Settings: where Switchboard's OAuth client ID metadata document is hosted, offered first when signing in. */
export function ClientMetadataSection() {
  const api = useHostApi();
  const ids = { heading: useId(), url: useId(), hint: useId() };
  const [settings, setSettings] = useState<OAuthSettings>();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    api.call('servers.oauthSettings', {}).then(
      (current) => {
        setSettings(current);
        setUrl(current.clientMetadataUrl ?? '');
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
  }, [api]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setSaved(false);
    api.call('servers.setClientMetadataUrl', { url: url.trim() === '' ? null : url.trim() }).then(
      (next) => {
        setSettings(next);
        setSaved(true);
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
  };

  return (
    <section className="settings-section" aria-labelledby={ids.heading}>
      <header className="settings-section-head">
        <h2 id={ids.heading}>Signing in to remote servers</h2>
      </header>
      <form onSubmit={save}>
        <div className="field">
          <label htmlFor={ids.url}>Client ID metadata document URL</label>
          <input
            id={ids.url}
            type="url"
            className="mono"
            placeholder="https://example.com/switchboard/client.json"
            value={url}
            disabled={settings?.fromCommandLine}
            aria-describedby={ids.hint}
            onChange={(event) => setUrl(event.target.value)}
          />
          <p className="field-hint" id={ids.hint}>
            {settings?.fromCommandLine
              ? 'Set with --client-metadata-url for this run.'
              : 'Optional. An https address where you host Switchboard’s client metadata (see the README); authorization servers that accept one get it first, the others a registration or the client ID you enter.'}
          </p>
        </div>
        <FormError message={error} />
        {!settings?.fromCommandLine && (
          <div className="dialog-actions dialog-actions-start">
            <button type="submit" className="button button-small">
              Save
            </button>
            {saved && <span role="status" className="muted small">Saved</span>}
          </div>
        )}
      </form>
    </section>
  );
}
