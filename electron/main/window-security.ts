import { app, session } from 'electron';
import { isTrustedSenderUrl } from './trusted-sender.ts';

/**
 * Electron's security checklist, applied to every web contents the app ever creates: no navigation away
 * from our page, no new windows, no <webview>, and no permission granted to a page (deny by default).
 */
export function lockDownWebContents(devServerUrl: string | undefined): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isTrustedSenderUrl(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isTrustedSenderUrl(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    // External links go through the consent flow in the host (URL checks, then the system browser).
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
