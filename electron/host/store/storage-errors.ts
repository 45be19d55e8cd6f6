import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { HostError } from '../../../shared/api/host-error.ts';

export type StorageProblem = 'full' | 'read-only' | 'other';

// SQLite primary result codes (https://sqlite.org/rescode.html); extended codes keep them in the low byte.
const SQLITE_READONLY = 8;
const SQLITE_FULL = 13;

interface SqliteLikeError {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
}

/** What kind of failure a write to the data folder met: a full disk, a folder that cannot be written, or else. */
export function storageProblem(error: unknown): StorageProblem {
  const { code, errcode, message } = (error ?? {}) as SqliteLikeError;
  const primary = typeof errcode === 'number' ? errcode & 0xff : undefined;
  const text = typeof message === 'string' ? message : '';
  if (code === 'ENOSPC' || code === 'EDQUOT' || primary === SQLITE_FULL || /database or disk is full/i.test(text)) return 'full';
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || primary === SQLITE_READONLY || /readonly database/i.test(text)) return 'read-only';
  return 'other';
}

function reason(error: unknown): string {
  const { message, code } = (error ?? {}) as SqliteLikeError;
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  // An errno code (ENOSPC, EROFS) says more than Node's wording; `ERR_SQLITE_ERROR` says nothing.
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * Why a folder cannot be written, from the file system itself (SQLite says only "unable to open database
 * file"). A folder that does not exist yet is judged by the nearest one above it that does.
 */
function folderWriteProblem(folder: string): { folder: string; why: string } | undefined {
  try {
    accessSync(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EROFS') return { folder, why: 'is on a read-only file system (EROFS)' };
    if (code === 'EACCES' || code === 'EPERM') return { folder, why: `cannot be written by this user (${code})` };
    const parent = path.dirname(folder);
    if (code === 'ENOENT' && parent !== folder) return folderWriteProblem(parent);
    return undefined;
  }
}

const ADVICE = 'Switchboard keeps its database and keys there; choose a writable folder (--data-dir) or fix its permissions.';

/** The database or the folder could not be opened at start. Names the folder and the reason. */
export function openFailure(error: unknown, dataDir: string): HostError {
  const problem = storageProblem(error);
  const found = folderWriteProblem(dataDir);
  if (found && found.folder !== dataDir) {
    return new HostError('storage_failed', `the data folder ${dataDir} cannot be created: ${found.folder} ${found.why}. ${ADVICE} (${reason(error)})`);
  }
  if (found || problem === 'read-only') {
    return new HostError('storage_failed', `the data folder ${dataDir} is read-only: it ${found?.why ?? 'cannot be written'}. ${ADVICE} (${reason(error)})`);
  }
  if (problem === 'full') return new HostError('storage_failed', `the data folder ${dataDir} is on a full disk: free some space and start again. (${reason(error)})`);
  return new HostError('storage_failed', `cannot open the database in the data folder ${dataDir}: ${reason(error)}`);
}

/** A write that failed while the host runs, in words a person can act on. `what` is e.g. "your message". */
export function saveFailure(error: unknown, what: string): HostError {
  switch (storageProblem(error)) {
    case 'full':
      return new HostError('storage_failed', `could not save ${what}: the disk is full (${reason(error)}). Free some space and try again.`);
    case 'read-only':
      return new HostError('storage_failed', `could not save ${what}: the data folder is read-only (${reason(error)}).`);
    default:
      return new HostError('storage_failed', `could not save ${what}: ${reason(error)}`);
  }
}
