import { useState } from 'react';
import type { ServerState } from '../../../../../shared/servers/server-state.ts';
import { useHostApi } from '../../../app/host-context.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { ServerText } from '../../../components/ServerText.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { OAuthClientForm } from './OAuthClientForm.tsx';
import { showsSignIn, signInLine } from './sign-in-text.ts';

/**
 * Sign in and Sign out for a remote server (MCP Authorization), on its card and in its detail view. Signing in
 * asks before the sign-in page opens (an `open-url` question); the call settles when the browser came back.
 * `full` (the detail view) also offers entering a client registered by hand.
 */
export function SignInControls({ server, full = false }: { server: ServerState; full?: boolean }) {
  const api = useHostApi();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [enteringClient, setEnteringClient] = useState(false);
  if (!showsSignIn(server)) return null;
  const auth = server.auth;
  const line = signInLine(auth, server.status);
  const run = (method: 'servers.signIn' | 'servers.signOut') => {
    setError(undefined);
    setBusy(true);
    api
      .call(method, { server: server.name })
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setBusy(false));
  };
  const signingIn = auth?.signingIn !== undefined;
  const showClientForm = auth?.needsClient === true || enteringClient;

  return (
    <div className="sign-in" aria-label={`Sign-in for ${server.name}`} role="group">
      {line && (
        <p className="sign-in-line">
          <ServerText text={line} />
        </p>
      )}
      {auth?.clientId && <p className="muted small">Client ID: <ServerText text={auth.clientId} /></p>}
      <div className="sign-in-actions">
        {auth?.signedIn ? (
          <button type="button" className="button button-small" disabled={busy} onClick={() => run('servers.signOut')}>
            Sign out
          </button>
        ) : (
          <button type="button" className="button button-small button-primary" disabled={busy || signingIn || (auth?.needsClient ?? false)} onClick={() => run('servers.signIn')}>
            {signingIn ? 'Signing in…' : 'Sign in'}
          </button>
        )}
        {full && !showClientForm && !auth?.signedIn && (
          <button type="button" className="button button-small" onClick={() => setEnteringClient(true)}>
            Use a client ID I registered
          </button>
        )}
      </div>
      <FormError message={error} />
      {!full && auth?.needsClient && <p className="muted small">It needs a client ID you registered there: open the server to enter it.</p>}
      {full && showClientForm && !auth?.signedIn && (
        <OAuthClientForm server={server} onDone={() => setEnteringClient(false)} onSaved={() => run('servers.signIn')} />
      )}
    </div>
  );
}
