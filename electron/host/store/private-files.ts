import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { open, realpath, rename, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The data folder holds API keys, OAuth tokens, conversations and trust decisions: only its owner may list or
 * read it. Creates it 0700 and puts an existing folder and the files in it back to 0700/0600, so a copy made
 * by an older version (0755 folder, 0644 database) is fixed at the next start. Modes are POSIX only.
 */
export function makeDataDirPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (process.platform === 'win32') return;
  restrict(dataDir, PRIVATE_DIR_MODE);
  for (const name of readdirSync(dataDir)) {
    const file = path.join(dataDir, name);
    // lstat: a symlink (a dotfile-managed mcp.json) points outside; its target is not ours to change.
    const stats = lstatSync(file, { throwIfNoEntry: false });
    if (stats?.isFile()) restrict(file, PRIVATE_FILE_MODE);
    else if (stats?.isDirectory()) restrict(file, PRIVATE_DIR_MODE);
  }
}

/** Creates `file` empty and owner-only if it is missing, so whatever SQLite or we write into it later is private. */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform !== 'win32') restrict(file, PRIVATE_FILE_MODE);
}

function restrict(file: string, mode: number): void {
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (!stats || (stats.mode & 0o777) === mode) return;
  try {
    chmodSync(file, mode);
  } catch (error) {
    // A read-only or foreign-owned folder: opening the database reports that, with the folder's name.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EROFS' && code !== 'EPERM' && code !== 'EACCES') throw error;
  }
}

/**
 * Write to a temporary file next to the target, flush it, then rename it over the target: a crash leaves
 * either the old file or the new one, never half of each. A symlink (a dotfile-managed mcp.json) is followed
 * so the link stays a link, unless `replaceLinks` asks for the link itself to be replaced. The file is always
 * owner-only (0600), an existing one too: mcp.json written by hand can hold tokens in `env`/`headers`. The
 * temporary file gets that mode before any byte is written, whatever the umask, so the text is never readable
 * by others, not even for a moment.
 */
export async function writeFileAtomically(file: string, text: string, options: { replaceLinks?: boolean } = {}): Promise<void> {
  let target = file;
  try {
    if (!options.replaceLinks) target = await realpath(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
  let written = false;
  try {
    if (process.platform !== 'win32') await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    written = true;
  } finally {
    await handle.close();
    if (!written) await unlink(temporary).catch(() => {});
  }
  try {
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
