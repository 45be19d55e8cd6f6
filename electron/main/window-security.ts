import { app, session } from 'electron';
import { denyAllPermissions, guardWebContents } from './window-guards.ts';

/** Applies the guards to the default session and to every web contents the app ever creates. */
export function lockDownWebContents(devServerUrl: string | undefined): void {
  denyAllPermissions(session.defaultSession);
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, devServerUrl));
}
