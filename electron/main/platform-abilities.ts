import { BrowserWindow, dialog, shell } from 'electron';
import type { OpenDialogOptions } from 'electron';
import { analyzeUrl } from '../../shared/consent/url-safety.ts';

/**
 * `shell.openExternal` hands any scheme to whatever app claims it (Electron security checklist, "Do not use
 * shell.openExternal with untrusted content"), so the address is checked again here, where it is opened,
 * whatever the host checked before asking.
 */
export async function openExternal(url: string): Promise<void> {
  const analysis = analyzeUrl(url);
  if (!analysis.ok) throw new Error(`not opening ${url}: ${analysis.blockedReason}`);
  await shell.openExternal(analysis.url);
}

/** The system folder picker, over the focused window when there is one; undefined when the person cancels. */
export async function pickFolder(title?: string): Promise<string | undefined> {
  const options: OpenDialogOptions = { title: title ?? 'Choose a folder', properties: ['openDirectory', 'createDirectory'] };
  const parent = BrowserWindow.getFocusedWindow();
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths[0];
}
