import type { StateCreator } from 'zustand';
import type { ProviderId } from '../../../shared/chat/chat-types.ts';
import type { AppSettings, ModelInfo, ToolGrant } from '../../../shared/chat/settings-types.ts';
import type { HeldTool } from '../../../shared/chat/tool-definition.ts';

/** Chat settings and tool grants as the host last said; secrets only ever appear as "one is set". */
export interface SettingsSlice {
  /** `undefined` until the first `settings.get` answer. */
  settings: AppSettings | undefined;
  grants: ToolGrant[] | undefined;
  /** Tools held back from the model because they changed since they were allowed. */
  heldTools: HeldTool[];
  /** `settings.listModels` per provider, fetched when a picker needs them. */
  models: Partial<Record<ProviderId, ModelInfo[]>>;
  settingsReceived(settings: AppSettings): void;
  grantsReceived(grants: ToolGrant[]): void;
  heldToolsReceived(held: HeldTool[]): void;
  modelsReceived(provider: ProviderId, models: ModelInfo[]): void;
}

export const createSettingsSlice: StateCreator<SettingsSlice, [], [], SettingsSlice> = (set) => ({
  settings: undefined,
  grants: undefined,
  heldTools: [],
  models: {},
  settingsReceived: (settings) => set({ settings }),
  grantsReceived: (grants) => set({ grants }),
  heldToolsReceived: (heldTools) => set({ heldTools }),
  modelsReceived: (provider, models) => set((state) => ({ models: { ...state.models, [provider]: models } })),
});

/** Whether a turn with this provider can start: a key from Settings or the environment, or (OpenAI-compatible) a local server. */
export function providerReady(settings: AppSettings | undefined, provider: ProviderId): boolean {
  if (!settings) return false;
  const entry = settings.providers[provider];
  if (entry.hasApiKey || entry.apiKeyFromEnv) return true;
  return provider === 'openai' && Boolean(entry.baseURL);
}
