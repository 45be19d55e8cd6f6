import type { ServerAuth, ServerState } from '../../../../../shared/servers/server-state.ts';

/** Whether a server has anything to show about signing in: a remote one that asked for it or holds credentials. */
export function showsSignIn(server: ServerState): boolean {
  return server.transport !== 'stdio' && (server.status === 'needs-auth' || server.auth !== undefined);
}

/** One line on how far signing in is, or who the person is signed in as; `undefined` when there is nothing to say. */
export function signInLine(auth: ServerAuth | undefined, status: ServerState['status']): string | undefined {
  if (auth?.signingIn === 'consent') return 'Signing in: allow opening the sign-in page first.';
  if (auth?.signingIn === 'browser') return 'Signing in: finish in your browser.';
  const where = auth?.authorizationServer ? hostOf(auth.authorizationServer) : undefined;
  if (auth?.signedIn) {
    const who = auth.account ? `Signed in as ${auth.account}` : 'Signed in';
    return where ? `${who} at ${where}` : who;
  }
  if (status === 'needs-auth') return where ? `Needs you to sign in at ${where}.` : 'Needs you to sign in.';
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
