import type { ProviderId } from '../../../shared/chat/chat-types.ts';
import type { AppSettings } from '../../../shared/chat/settings-types.ts';
import type { SettingsStore } from '../store/database.ts';
import type { SecretStore } from '../store/secrets.ts';
import { DEFAULT_TOOL_BUDGET } from './tool-search/tool-budget.ts';

/** Used when the models API cannot be asked: a current model of each provider. */
export const FALLBACK_MODELS: Record<ProviderId, string> = {
  anthropic: 'claude-sonnet-5-5',
  openai: 'gpt-5.4',
};

export const DEFAULT_SYSTEM_PROMPT = [
  'You are the assistant in Switchboard, a desktop app that connects you to tools from MCP servers the person',
  'has chosen. Use a tool when it helps answer; the person sees every call and may approve, edit or deny it.',
  'When a call is denied, do not retry it unchanged: ask or go on without it.',
].join(' ');

const ENV_KEYS: Record<ProviderId, { apiKey: string; baseURL: string }> = {
  anthropic: { apiKey: 'ANTHROPIC_API_KEY', baseURL: 'ANTHROPIC_BASE_URL' },
  openai: { apiKey: 'OPENAI_API_KEY', baseURL: 'OPENAI_BASE_URL' },
};

interface StoredChatSettings {
  systemPrompt?: string;
  defaultProvider?: ProviderId;
  defaultModel?: string;
  maxStepsPerTurn?: number;
  toolResultCharLimit?: number;
  contextCharLimit?: number;
  toolSearchMaxTools?: number;
  toolSearchMaxTokens?: number;
  pinnedTools?: string[];
  anthropicBaseURL?: string;
  openaiBaseURL?: string;
}

export type ChatSettingsPatch = StoredChatSettings;

const SETTINGS_KEY = 'chat.settings';

function secretKey(provider: ProviderId): string {
  return `provider.${provider}.apiKey`;
}

/**
 * Chat preferences (in the settings table) and provider credentials (in the secret store).
 *
 * Precedence, as the SDKs and most hosts do it: what the person set in Settings wins; the environment
 * (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`, `OPENAI_API_KEY`, `OPENAI_BASE_URL`) fills in what is not set;
 * then the provider's default. Removing the stored key falls back to the environment.
 */
export class ChatSettings {
  private readonly settings: SettingsStore;
  private readonly secrets: SecretStore;
  private readonly env: Record<string, string | undefined>;

  constructor(settings: SettingsStore, secrets: SecretStore, env: Record<string, string | undefined> = process.env) {
    this.settings = settings;
    this.secrets = secrets;
    this.env = env;
  }

  get(): AppSettings {
    const stored = this.stored();
    const defaultProvider = stored.defaultProvider ?? 'anthropic';
    const provider = (id: ProviderId) => {
      const baseURL = this.baseURL(id);
      const entry: { baseURL?: string; hasApiKey: boolean; apiKeyFromEnv: boolean } = {
        hasApiKey: this.secrets.has(secretKey(id)),
        apiKeyFromEnv: Boolean(this.env[ENV_KEYS[id].apiKey]),
      };
      if (baseURL) entry.baseURL = baseURL;
      return entry;
    };
    const openai: AppSettings['providers']['openai'] = provider('openai');
    const label = openaiLabel(openai.baseURL);
    if (label) openai.label = label;
    return {
      systemPrompt: stored.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
      defaultProvider,
      defaultModel: stored.defaultModel ?? FALLBACK_MODELS[defaultProvider],
      maxStepsPerTurn: stored.maxStepsPerTurn ?? 25,
      toolResultCharLimit: stored.toolResultCharLimit ?? 50_000,
      contextCharLimit: stored.contextCharLimit ?? 100_000,
      toolSearchMaxTools: stored.toolSearchMaxTools ?? DEFAULT_TOOL_BUDGET.maxTools,
      toolSearchMaxTokens: stored.toolSearchMaxTokens ?? DEFAULT_TOOL_BUDGET.maxTokens,
      pinnedTools: Array.isArray(stored.pinnedTools) ? [...new Set(stored.pinnedTools)].sort() : [],
      providers: { anthropic: provider('anthropic'), openai },
      secretStorage: this.secrets.storage,
    };
  }

  update(patch: ChatSettingsPatch): AppSettings {
    const next: StoredChatSettings = { ...this.stored() };
    for (const [key, value] of Object.entries(patch) as [keyof StoredChatSettings, unknown][]) {
      if (value === undefined) continue;
      // An empty base URL means "back to the environment or the default".
      if ((key === 'anthropicBaseURL' || key === 'openaiBaseURL') && value === '') delete next[key];
      else (next as Record<string, unknown>)[key] = value;
    }
    if (patch.defaultProvider && !patch.defaultModel && patch.defaultProvider !== this.stored().defaultProvider) {
      next.defaultModel = FALLBACK_MODELS[patch.defaultProvider];
    }
    this.settings.set(SETTINGS_KEY, next);
    return this.get();
  }

  /** An empty key removes the stored one. */
  setApiKey(provider: ProviderId, apiKey: string): AppSettings {
    const trimmed = apiKey.trim();
    if (trimmed) this.secrets.set(secretKey(provider), trimmed);
    else this.secrets.delete(secretKey(provider));
    return this.get();
  }

  apiKey(provider: ProviderId): string | undefined {
    return this.secrets.get(secretKey(provider)) || this.env[ENV_KEYS[provider].apiKey] || undefined;
  }

  baseURL(provider: ProviderId): string | undefined {
    const stored = this.stored();
    const fromSettings = provider === 'anthropic' ? stored.anthropicBaseURL : stored.openaiBaseURL;
    return fromSettings || this.env[ENV_KEYS[provider].baseURL] || undefined;
  }

  private stored(): StoredChatSettings {
    const value = this.settings.get<StoredChatSettings>(SETTINGS_KEY, {});
    return value && typeof value === 'object' ? value : {};
  }
}

/** Names the usual OpenAI-compatible servers by their address, for the model picker. */
export function openaiLabel(baseURL: string | undefined): string | undefined {
  if (!baseURL) return 'OpenAI';
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return undefined;
  }
  if (url.hostname === 'api.openai.com') return 'OpenAI';
  if (url.hostname.endsWith('openrouter.ai')) return 'OpenRouter';
  if (url.port === '11434') return 'Ollama';
  if (url.port === '1234') return 'LM Studio';
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return `Local server (${url.host})`;
  return url.host;
}
