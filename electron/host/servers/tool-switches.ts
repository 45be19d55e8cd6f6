import type { SettingsStore } from '../store/database.ts';

interface StoredSwitches {
  /** The server's switch: off hides every tool of the server from the model. */
  serverOff?: boolean;
  /** Single tools switched off. */
  off?: string[];
}

/** Which tools a person has switched off, per server, in the settings table so it survives restarts of the app. */
export class ToolSwitches {
  private readonly settings: SettingsStore;
  /** Read once per server: the state of every server is built often, and also while the host shuts down. */
  private readonly cache = new Map<string, StoredSwitches>();

  constructor(settings: SettingsStore) {
    this.settings = settings;
  }

  serverEnabled(server: string): boolean {
    return !this.read(server).serverOff;
  }

  toolEnabled(server: string, tool: string): boolean {
    const stored = this.read(server);
    return !stored.serverOff && !(stored.off ?? []).includes(tool);
  }

  /** Switching one tool on under a switched-off server turns the server on with only that tool. */
  setTool(server: string, tool: string, enabled: boolean, allTools: readonly string[]): void {
    const stored = this.read(server);
    let off = new Set(stored.off ?? []);
    let serverOff = stored.serverOff ?? false;
    if (enabled && serverOff) {
      serverOff = false;
      off = new Set(allTools.filter((name) => name !== tool));
    }
    if (enabled) off.delete(tool);
    else off.add(tool);
    this.write(server, { serverOff, off: [...off].sort() });
  }

  /** On: every tool on. Off: the server's switch off, keeping single-tool choices for when it comes back. */
  setServer(server: string, enabled: boolean): void {
    if (enabled) this.write(server, {});
    else this.write(server, { ...this.read(server), serverOff: true });
  }

  rename(from: string, to: string): void {
    if (from === to) return;
    this.write(to, this.read(from));
    this.write(from, {});
  }

  forget(server: string): void {
    this.write(server, {});
  }

  private read(server: string): StoredSwitches {
    let stored = this.cache.get(server);
    if (!stored) {
      const value = this.settings.get<StoredSwitches>(key(server), {});
      stored = typeof value === 'object' && value !== null ? value : {};
      this.cache.set(server, stored);
    }
    return stored;
  }

  private write(server: string, value: StoredSwitches): void {
    const empty = !value.serverOff && (value.off ?? []).length === 0;
    this.settings.set(key(server), empty ? undefined : value);
    this.cache.set(server, empty ? {} : value);
  }
}

function key(server: string): string {
  return `servers.tools.${server}`;
}
