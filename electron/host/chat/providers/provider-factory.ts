import type { ProviderId } from '../../../../shared/chat/chat-types.ts';
import type { ModelInfo } from '../../../../shared/chat/settings-types.ts';
import { FALLBACK_MODELS } from '../chat-settings.ts';
import type { ChatSettings } from '../chat-settings.ts';
import type { ChatProvider } from './provider.ts';
import { ProviderError } from './provider-error.ts';

export type ProviderFactory = (provider: ProviderId) => ChatProvider;

const KEY_HINT: Record<ProviderId, string> = {
  anthropic: 'No Anthropic API key: add one in Settings, or set ANTHROPIC_API_KEY.',
  openai: 'No OpenAI API key: add one in Settings, set OPENAI_API_KEY, or point the base URL at a local server.',
};

/** A provider client built from the current settings; cheap, so one per turn picks up changed keys and URLs. */
export function providerFactory(settings: ChatSettings): ProviderFactory {
  return (provider) => {
    const apiKey = settings.apiKey(provider);
    const baseURL = settings.baseURL(provider);
    if (provider === 'anthropic') {
      if (!apiKey) throw new ProviderError({ kind: 'no_api_key', message: KEY_HINT.anthropic });
      return loadedOnFirstUse(provider, async () => new (await import('./anthropic-provider.ts')).AnthropicProvider({ apiKey, baseURL }));
    }
    // A custom base URL is usually a local server that needs no key.
    if (!apiKey && !baseURL) throw new ProviderError({ kind: 'no_api_key', message: KEY_HINT.openai });
    return loadedOnFirstUse(provider, async () => new (await import('./openai-provider.ts')).OpenAIProvider({ apiKey, baseURL }));
  };
}

/** Each provider SDK takes a tenth of a second or more to load: only a command that talks to that model pays for it. */
function loadedOnFirstUse(id: ProviderId, load: () => Promise<ChatProvider>): ChatProvider {
  let loaded: Promise<ChatProvider> | undefined;
  const provider = () => (loaded ??= load());
  return {
    id,
    streamTurn: async (request, sink) => (await provider()).streamTurn(request, sink),
    listModels: async (signal) => (await provider()).listModels(signal),
  };
}

/** The models API's list; when it cannot be had (no key, offline), the provider's current default. */
export async function listModelsOrFallback(factory: ProviderFactory, provider: ProviderId, signal?: AbortSignal): Promise<ModelInfo[]> {
  try {
    const models = await factory(provider).listModels(signal);
    if (models.length > 0) return models;
  } catch {
    // Falls through to the default: the picker must always offer something.
  }
  return [{ id: FALLBACK_MODELS[provider], displayName: FALLBACK_MODELS[provider], provider }];
}
