import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HostError } from '../../../shared/api/host-error.ts';
import type { RootEntry } from '../../../shared/consent/human-settings.ts';

/**
 * A folder the person chose, as a root (client/roots § Root: a `file://` URI and a name). Refused unless it is
 * an absolute path to a folder that exists now: a root that points nowhere would only confuse the server.
 */
export function folderRoot(folder: string, name?: string): RootEntry {
  if (!path.isAbsolute(folder)) throw new HostError('invalid_params', `"${folder}" is not an absolute path: give the whole path to the folder`);
  const resolved = path.resolve(folder);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(resolved).isDirectory();
  } catch {
    throw new HostError('invalid_params', `there is no folder at ${resolved}`);
  }
  if (!isDirectory) throw new HostError('invalid_params', `${resolved} is a file, not a folder`);
  return { uri: pathToFileURL(resolved).href, name: name?.trim() || path.basename(resolved) || resolved, path: resolved };
}

/** The stored roots still worth sending: a folder deleted since it was chosen is left out. */
export function existingRoots(roots: readonly RootEntry[]): RootEntry[] {
  return roots.filter((root) => {
    try {
      return statSync(root.path).isDirectory();
    } catch {
      return false;
    }
  });
}
