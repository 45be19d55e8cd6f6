import { readLoginShellPath } from '../login-shell-path.ts';

export interface LoginShellPathCacheOptions {
  /** The longest a spawn waits for a read still under way before it goes on with the inherited PATH. */
  waitMs?: number;
  /** After this long a spawn still uses the value it has, and a fresh read starts beside it. */
  maxAgeMs?: number;
  now?: () => number;
}

export interface PathForSpawn {
  /** The login shell's PATH, or undefined for the inherited one. */
  path: string | undefined;
  /** Why the inherited PATH is used, for the server's log. */
  note?: string;
}

export const DEFAULT_PATH_WAIT_MS = 1_000;
/** Installing a tool (nvm, Homebrew, uv) changes PATH rarely; a read every ten minutes at most follows it. */
export const DEFAULT_PATH_MAX_AGE_MS = 10 * 60_000;

/**
 * The login shell's PATH, read once in the background (started with the host, off the first spawn's path) and
 * kept. Running `$SHELL -ilc` takes from a few ms to a second or more with heavy start-up files, so no spawn
 * waits on it longer than `waitMs`; a spawn that could not wait, and a command that was not found, start a
 * fresh read for the next one.
 */
export class LoginShellPathCache {
  private readonly read: () => Promise<string | undefined>;
  private readonly waitMs: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private value: string | undefined;
  private readAt: number | undefined;
  private pending: Promise<string | undefined> | undefined;

  constructor(read: () => Promise<string | undefined>, options: LoginShellPathCacheOptions = {}) {
    this.read = read;
    this.waitMs = options.waitMs ?? DEFAULT_PATH_WAIT_MS;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_PATH_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  /** Starts a read unless one is running or the value is fresh. Never waits. */
  warm(): void {
    if (this.pending || (this.readAt !== undefined && this.now() - this.readAt < this.maxAgeMs)) return;
    this.refresh();
  }

  /** A command was not found: the person may have installed it since the last read. */
  commandNotFound(): Promise<string | undefined> {
    return this.pending ?? this.refresh();
  }

  /** The PATH for a spawn now: the value read, or after at most `waitMs`, the inherited one. */
  async forSpawn(): Promise<PathForSpawn> {
    this.warm();
    if (this.readAt !== undefined) return { path: this.value };
    let timer: NodeJS.Timeout | undefined;
    const late = Symbol('late');
    const value = await Promise.race([
      this.pending!,
      new Promise<typeof late>((resolve) => {
        timer = setTimeout(() => resolve(late), this.waitMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (value === late) {
      return { path: undefined, note: `the login shell had not given its PATH after ${this.waitMs} ms; starting with the inherited PATH` };
    }
    return { path: value };
  }

  private refresh(): Promise<string | undefined> {
    const reading = this.read()
      .catch(() => undefined)
      .then((value) => {
        // A read that failed keeps the last good value; the time is noted either way so failures are not retried per spawn.
        if (value !== undefined || this.readAt === undefined) this.value = value;
        this.readAt = this.now();
        return this.value;
      })
      .finally(() => {
        if (this.pending === reading) this.pending = undefined;
      });
    this.pending = reading;
    return reading;
  }
}

/** One cache for the process: every manager (the app, the CLI) runs the same shell. */
export const sharedLoginShellPath = new LoginShellPathCache(() => readLoginShellPath());
