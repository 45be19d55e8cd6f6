import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export interface FileProbe {
  /** 'file', 'directory', or undefined when nothing is there. */
  kind(file: string): 'file' | 'directory' | 'other' | undefined;
  isExecutable(file: string): boolean;
}

export const realFileProbe: FileProbe = {
  kind(file) {
    try {
      const stats = statSync(file);
      if (stats.isFile()) return 'file';
      return stats.isDirectory() ? 'directory' : 'other';
    } catch {
      return undefined;
    }
  },
  isExecutable(file) {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
};

export interface ResolveCommandOptions {
  /** The PATH the child will see. */
  pathValue: string | undefined;
  /** Where a relative command path is taken from: the server's `cwd`, or the host's. */
  cwd: string;
  platform?: NodeJS.Platform;
  /** Windows only: the extensions an extension-less command may have. */
  pathExt?: string;
  probe?: FileProbe;
}

export type CommandResolution = { ok: true; file: string } | { ok: false; error: string; missing?: true };

const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

/**
 * Finds the file a stdio server's command names, the way the OS would, so that a missing or unusable command is
 * reported with the command, the directories searched, and what was wrong, instead of a bare ENOENT.
 */
export function resolveCommand(command: string, options: ResolveCommandOptions): CommandResolution {
  const platform = options.platform ?? process.platform;
  const windows = platform === 'win32';
  const paths = windows ? path.win32 : path.posix;
  const probe = options.probe ?? realFileProbe;
  const extensions = windows ? windowsExtensions(command, options.pathExt) : [''];
  const usable = (file: string): boolean => probe.kind(file) === 'file' && (windows || probe.isExecutable(file));

  const hasSeparator = windows ? /[\\/]/.test(command) : command.includes('/');
  if (hasSeparator) {
    const base = paths.resolve(options.cwd, command);
    for (const extension of extensions) {
      if (usable(base + extension)) return { ok: true, file: base + extension };
    }
    const kind = probe.kind(base);
    if (kind === 'directory') return { ok: false, error: `command "${command}" is a directory (${base}), not a program` };
    if (kind === 'file') return { ok: false, error: `command "${command}" (${base}) is not executable: give it execute permission (chmod +x) or run it through its interpreter` };
    return { ok: false, error: `command "${command}" was not found: ${base} does not exist` };
  }

  const directories = (options.pathValue ?? '').split(windows ? ';' : ':').filter((entry) => entry !== '');
  const notExecutable: string[] = [];
  for (const directory of directories) {
    for (const extension of extensions) {
      const candidate = paths.join(directory, command + extension);
      if (usable(candidate)) return { ok: true, file: candidate };
      if (!windows && probe.kind(candidate) === 'file') notExecutable.push(candidate);
    }
  }
  if (notExecutable.length > 0) {
    return { ok: false, error: `command "${command}" was found at ${notExecutable.join(', ')} but is not executable` };
  }
  const searched = directories.length > 0 ? directories.join(', ') : '(PATH is empty)';
  const tried = windows && extensions.length > 1 ? ` with extensions ${extensions.filter(Boolean).join(', ')}` : '';
  return { ok: false, error: `command "${command}" was not found in PATH${tried}; searched: ${searched}`, missing: true };
}

/** A command that already ends in a PATHEXT extension is looked up as written; otherwise each extension is tried. */
function windowsExtensions(command: string, pathExt: string | undefined): string[] {
  const known = (pathExt || DEFAULT_PATHEXT).split(';').map((entry) => entry.trim()).filter((entry) => entry.startsWith('.'));
  const lower = command.toLowerCase();
  if (known.some((extension) => lower.endsWith(extension.toLowerCase()))) return [''];
  return known.map((extension) => extension.toLowerCase());
}
