import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../store/private-files.ts';
import { isWellFormedToken, newAccessToken } from './request-guard.ts';

/**
 * What `serve` keeps between runs, so the address it printed stays good: a restarted `serve` accepts the
 * token an open tab holds, and listens on the same port, which is the tab's origin (and so where its
 * sessionStorage lives). Owner-only, like every secret in the data directory.
 */
export interface BrowserAccess {
  token: string;
  /** The port the last run listened on. */
  port?: number;
}

export const BROWSER_ACCESS_FILE = 'browser-access.json';

export interface LoadedAccess {
  access: BrowserAccess;
  /** Why a fresh token was made instead of the kept one, worth a line to the person. */
  renewedBecause?: string;
}

function fresh(renewedBecause?: string): LoadedAccess {
  return { access: { token: newAccessToken() }, ...(renewedBecause ? { renewedBecause } : {}) };
}

/** The kept access, or a fresh token when there is none, it is unreadable, or someone other than the owner could read it. */
export async function loadBrowserAccess(dataDir: string, options: { renew?: boolean } = {}): Promise<LoadedAccess> {
  if (options.renew) return fresh('asked for a new one (--new-token)');
  const file = path.join(dataDir, BROWSER_ACCESS_FILE);
  let info;
  try {
    info = await lstat(file);
  } catch {
    return fresh();
  }
  if (!info.isFile()) return fresh(`${file} is not a plain file`);
  // On POSIX a token others could read is no secret any more; Windows has no such mode bits to check.
  if (process.platform !== 'win32') {
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) return fresh(`${file} belongs to another user`);
    if ((info.mode & 0o077) !== 0) return fresh(`${file} was readable by others`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return fresh(`${file} could not be read`);
  }
  const { token, port } = (parsed ?? {}) as { token?: unknown; port?: unknown };
  if (typeof token !== 'string' || !isWellFormedToken(token)) return fresh(`${file} held no usable token`);
  const keptPort = typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65_535 ? port : undefined;
  return { access: { token, ...(keptPort ? { port: keptPort } : {}) } };
}

/** Owner-only and atomic; a link planted where the file belongs is replaced, never written through. */
export async function saveBrowserAccess(dataDir: string, access: BrowserAccess): Promise<void> {
  await writeFileAtomically(path.join(dataDir, BROWSER_ACCESS_FILE), `${JSON.stringify(access)}\n`, { replaceLinks: true });
}
