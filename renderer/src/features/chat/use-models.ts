import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ProviderId } from '../../../../shared/chat/chat-types.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { providerReady } from '../../store/settings-slice.ts';

export const providers: readonly ProviderId[] = ['anthropic', 'openai'];

/** Fetches `settings.listModels` for each usable provider when the connection opens or a provider's setup changes. */
export function useModels() {
  const api = useHostApi();
  const { settings, models, modelsReceived, epoch } = useAppStore(
    useShallow((state) => ({ settings: state.settings, models: state.models, modelsReceived: state.modelsReceived, epoch: state.connection.epoch })),
  );
  const setup = providers
    .map((provider) => `${providerReady(settings, provider)}:${settings?.providers[provider].baseURL ?? ''}`)
    .join('|');
  useEffect(() => {
    if (epoch === 0 || !settings) return;
    let current = true;
    for (const provider of providers) {
      if (!providerReady(settings, provider)) continue;
      api.call('settings.listModels', { provider }).then(
        (list) => current && modelsReceived(provider, list),
        () => {
          // The host falls back to a default model itself; a failure here means no connection, shown elsewhere.
        },
      );
    }
    return () => {
      current = false;
    };
    // `settings` is read for readiness only, which `setup` captures.
  }, [api, epoch, setup, modelsReceived]);
  return models;
}
