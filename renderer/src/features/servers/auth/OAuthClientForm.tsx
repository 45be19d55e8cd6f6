import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { ServerState } from '../../../../../shared/servers/server-state.ts';
import { useHostApi } from '../../../app/host-context.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';

/**
 * A client the person registered with the authorization server themselves, for one that takes neither a client
 * ID metadata document nor a registration. The secret goes to the host's secret store and is never shown again.
 */
export function OAuthClientForm({ server, onDone, onSaved }: { server: ServerState; onDone: () => void; onSaved: () => void }) {
  const api = useHostApi();
  const ids = { clientId: useId(), secret: useId(), redirect: useId() };
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState(false);
  const redirectUri = server.auth?.redirectUri ?? 'http://127.0.0.1/callback';

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    api
      .call('servers.setOAuthClient', { server: server.name, clientId: clientId.trim(), ...(secret ? { clientSecret: secret } : {}) })
      .then(() => {
        setSecret('');
        onDone();
        onSaved();
      })
      .catch((failure: unknown) => setError(errorMessage(failure)));
  };
  const copy = () => {
    navigator.clipboard?.writeText(redirectUri).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <form className="oauth-client-form" aria-label="Registered client" onSubmit={save}>
      <p className="small">
        {server.auth?.needsClient
          ? 'This authorization server does not let Switchboard register itself. Register a client there, with this redirect URI, and enter what it gives you.'
          : 'Register a client with the authorization server, with this redirect URI, and enter what it gives you.'}
      </p>
      <div className="field">
        <label htmlFor={ids.redirect}>Redirect URI</label>
        <div className="copy-row">
          <input id={ids.redirect} className="mono" readOnly value={redirectUri} onFocus={(event) => event.target.select()} />
          <button type="button" className="button button-small" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.clientId}>Client ID</label>
        <input id={ids.clientId} value={clientId} autoComplete="off" spellCheck={false} onChange={(event) => setClientId(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.secret}>Client secret (if it has one)</label>
        <input id={ids.secret} type="password" value={secret} autoComplete="off" onChange={(event) => setSecret(event.target.value)} />
      </div>
      <FormError message={error} />
      <div className="dialog-actions dialog-actions-start">
        <button type="submit" className="button button-small button-primary" disabled={clientId.trim() === ''}>
          Save and sign in
        </button>
        {!server.auth?.needsClient && (
          <button type="button" className="button button-small" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
