import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ConfigSnapshot } from '../../../shared/api/servers-api.ts';
import { parseInputDefinitions } from '../../../shared/servers/config-inputs.ts';
import type { InputDefinition } from '../../../shared/servers/config-inputs.ts';
import { parseConfigText } from '../../../shared/servers/server-config.ts';
import type { ParsedConfigFile } from '../../../shared/servers/server-config.ts';
import { redactEntries } from '../../../shared/servers/stored-values.ts';
import { writeFileAtomically } from '../store/private-files.ts';

export type ConfigReload =
  | { kind: 'unchanged' }
  | { kind: 'applied'; config: ParsedConfigFile }
  /** The file cannot be used; the last good configuration stays in force. */
  | { kind: 'broken'; fileError: string };

export interface ConfigFileOptions {
  /** Editors save in several steps (truncate, write, rename); wait for the file to settle before reading it. */
  debounceMs?: number;
  onReload: (reload: ConfigReload) => void;
  onWatchError?: (message: string) => void;
}

const EMPTY: ParsedConfigFile = { entries: [], raw: {} };

/**
 * `mcp.json`: read, watched, and written back without losing anything a person put there. A file that cannot
 * be parsed is never overwritten: the last good configuration stays in force and writes are refused until the
 * file is fixed.
 */
export class McpConfigFile {
  readonly path: string;
  private readonly debounceMs: number;
  private readonly onReload: (reload: ConfigReload) => void;
  private readonly onWatchError: (message: string) => void;
  private lastGood: ParsedConfigFile = EMPTY;
  private fileError: string | undefined;
  /** The text last read or written, so our own writes and no-op saves do not count as changes. */
  private lastText: string | undefined;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> = Promise.resolve();
  private writing: Promise<unknown> = Promise.resolve();
  private emptyConfirmed = false;

  constructor(filePath: string, options: ConfigFileOptions) {
    this.path = path.resolve(filePath);
    this.debounceMs = options.debounceMs ?? 150;
    this.onReload = options.onReload;
    this.onWatchError = options.onWatchError ?? (() => {});
  }

  current(): ParsedConfigFile {
    return this.lastGood;
  }

  /** What the renderer may see: env and header values are replaced by the stored-value marker. */
  snapshot(): ConfigSnapshot {
    return { path: this.path, ...(this.fileError ? { fileError: this.fileError } : {}), entries: redactEntries(this.lastGood.raw) };
  }

  /** Reads the file now. A missing file is a configuration without servers; nothing is created. */
  async load(): Promise<ConfigReload> {
    const text = await readConfigText(this.path);
    return this.accept(text);
  }

  /** Watches the directory rather than the file, so editors that save by renaming a new file into place are seen. */
  startWatching(): void {
    if (this.watcher) return;
    const directory = path.dirname(this.path);
    const base = path.basename(this.path);
    try {
      this.watcher = watch(directory, { persistent: false }, (_event, filename) => {
        if (filename === null || filename === base) this.scheduleReload();
      });
      this.watcher.on('error', (error) => {
        this.onWatchError(`stopped watching ${this.path}: ${error.message}`);
        this.stopWatching();
      });
    } catch (error) {
      this.onWatchError(`cannot watch ${this.path} for changes: ${(error as Error).message}`);
    }
  }

  stopWatching(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.watcher?.close();
    this.watcher = undefined;
  }

  /** Waits for a pending debounced reload, so callers (and tests) can observe its outcome. */
  async flush(): Promise<void> {
    await this.reloading;
  }

  /**
   * Rewrites the `mcpServers` object through `change`, keeping every other key and the order of entries.
   * Reads the file again first, so an edit made since the last reload is not lost.
   */
  updateServers(change: (servers: Record<string, unknown>) => Record<string, unknown>, changeRoot?: (root: Record<string, unknown>) => void): Promise<ParsedConfigFile> {
    const next = this.writing.then(() => this.writeServers(change, changeRoot));
    this.writing = next.catch(() => {});
    return next;
  }

  /** Adds input definitions (VS Code `inputs`) beside `mcpServers`; one already defined under that id stays as it is. */
  addInputs(inputs: readonly InputDefinition[]): Promise<ParsedConfigFile> {
    return this.updateServers((servers) => servers, (root) => {
      const current = Array.isArray(root.inputs) ? (root.inputs as unknown[]) : [];
      const known = new Set(parseInputDefinitions(current).map((input) => input.id));
      const added = inputs.filter((input) => !known.has(input.id)).map((input) => ({ type: 'promptString', ...input }));
      if (added.length > 0) root.inputs = [...current, ...added];
    });
  }

  private async writeServers(change: (servers: Record<string, unknown>) => Record<string, unknown>, changeRoot?: (root: Record<string, unknown>) => void): Promise<ParsedConfigFile> {
    const text = await readConfigText(this.path);
    const parsed = parseConfigText(text);
    if (parsed.fileError) {
      this.fileError = parsed.fileError;
      this.lastText = text;
      throw new HostError('config_unreadable', `${this.path} was not changed because it cannot be read: ${parsed.fileError}. Fix the file first.`);
    }
    const root = text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
    root.mcpServers = change({ ...parsed.raw });
    changeRoot?.(root);
    const output = `${JSON.stringify(root, null, 2)}\n`;
    await writeFileAtomically(this.path, output);
    this.lastText = output;
    this.fileError = undefined;
    this.lastGood = parseConfigText(output);
    return this.lastGood;
  }

  private scheduleReload(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.reloading = this.reloading.then(() => this.reloadFromWatch()).catch((error: unknown) => {
        this.onWatchError(`reloading ${this.path} failed: ${(error as Error).message}`);
      });
    }, this.debounceMs);
  }

  private async reloadFromWatch(): Promise<void> {
    let text: string;
    try {
      text = await readConfigText(this.path);
    } catch (error) {
      this.onWatchError(`cannot read ${this.path}: ${(error as Error).message}`);
      return;
    }
    // An editor that truncates before writing shows an empty file for a moment: look once more before
    // treating "no servers" as what the person meant.
    if (text.trim() === '' && this.lastGood.entries.length > 0 && !this.emptyConfirmed) {
      this.emptyConfirmed = true;
      this.scheduleReload();
      return;
    }
    this.emptyConfirmed = false;
    const reload = this.accept(text);
    if (reload.kind !== 'unchanged') this.onReload(reload);
  }

  private accept(text: string): ConfigReload {
    if (text === this.lastText) return { kind: 'unchanged' };
    this.lastText = text;
    const parsed = parseConfigText(text);
    if (parsed.fileError) {
      this.fileError = parsed.fileError;
      return { kind: 'broken', fileError: parsed.fileError };
    }
    this.fileError = undefined;
    this.lastGood = parsed;
    return { kind: 'applied', config: parsed };
  }
}

async function readConfigText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}
