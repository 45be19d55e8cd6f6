import { DEFAULT_SERVER_HUMAN_SETTINGS, approvalModes, samplingPolicies } from '../../../shared/consent/human-settings.ts';
import type { ApprovalMode, RootEntry, ServerHumanSettings } from '../../../shared/consent/human-settings.ts';
import type { SettingsStore } from '../store/database.ts';

const MODE_KEY = 'human.approvalMode';
const SERVERS_KEY = 'human.servers';

/** The approval mode and per-server choices, in the settings table; anything unreadable reads as the safe default. */
export class HumanSettingsStore {
  private readonly settings: SettingsStore;

  constructor(settings: SettingsStore) {
    this.settings = settings;
  }

  approvalMode(): ApprovalMode {
    const mode = this.settings.get<unknown>(MODE_KEY, 'ask');
    return (approvalModes as readonly unknown[]).includes(mode) ? (mode as ApprovalMode) : 'ask';
  }

  setApprovalMode(mode: ApprovalMode): void {
    this.settings.set(MODE_KEY, mode);
  }

  all(): Record<string, ServerHumanSettings> {
    const stored = this.stored();
    return Object.fromEntries(Object.keys(stored).map((name) => [name, this.server(name)]));
  }

  server(name: string): ServerHumanSettings {
    const entry = this.stored()[name] ?? {};
    return {
      sampling: (samplingPolicies as readonly unknown[]).includes(entry.sampling) ? entry.sampling! : DEFAULT_SERVER_HUMAN_SETTINGS.sampling,
      autoApproveReadOnly: entry.autoApproveReadOnly === true,
      roots: Array.isArray(entry.roots) ? entry.roots.filter(isRoot) : [],
    };
  }

  updateServer(name: string, patch: Partial<ServerHumanSettings>): ServerHumanSettings {
    const stored = this.stored();
    const next = { ...this.server(name) };
    for (const [key, value] of Object.entries(patch) as [keyof ServerHumanSettings, unknown][]) {
      if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    }
    stored[name] = next;
    this.settings.set(SERVERS_KEY, stored);
    return next;
  }

  private stored(): Record<string, Partial<ServerHumanSettings>> {
    const value = this.settings.get<unknown>(SERVERS_KEY, {});
    return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, Partial<ServerHumanSettings>>) } : {};
  }
}

function isRoot(value: unknown): value is RootEntry {
  const root = value as RootEntry;
  return typeof root === 'object' && root !== null && typeof root.uri === 'string' && typeof root.name === 'string' && typeof root.path === 'string';
}
