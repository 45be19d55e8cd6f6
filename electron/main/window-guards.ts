import { isTrustedSenderUrl } from './trusted-sender.ts';

/** What the guards touch of Electron's `WebContents`, so they run and are tested without Electron. */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface GuardedSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
}

/** No permission is ever granted to a page: Switchboard needs none (deny by default, Electron checklist §5). */
export function denyAllPermissions(session: GuardedSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * Electron's checklist for every web contents: no navigation away from our page (§13), no new windows (§14),
 * no <webview> (§12).
 */
export function guardWebContents(contents: GuardedContents, devServerUrl: string | undefined): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedSenderUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedSenderUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // External links go through the consent flow in the host (URL checks, then the system browser).
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
