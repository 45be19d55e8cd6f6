import { useId } from 'react';
import type { ProviderId } from '../../../../shared/chat/chat-types.ts';
import { useAppStore } from '../../app/host-context.tsx';
import { providerReady } from '../../store/settings-slice.ts';
import { providers, useModels } from './use-models.ts';

export interface ModelChoice {
  provider: ProviderId;
  model: string;
}

const PROVIDER_NAMES: Record<ProviderId, string> = { anthropic: 'Anthropic', openai: 'OpenAI-compatible' };

export function ModelPicker({ value, onChange }: { value: ModelChoice; onChange: (choice: ModelChoice) => void }) {
  const id = useId();
  const models = useModels();
  const settings = useAppStore((state) => state.settings);
  const groups = providers
    .filter((provider) => provider === value.provider || providerReady(settings, provider))
    .map((provider) => {
      const listed = models[provider] ?? [];
      const ids = listed.some((model) => model.id === value.model) || provider !== value.provider ? listed : [...listed, { id: value.model, displayName: value.model, provider }];
      const name = provider === 'openai' ? (settings?.providers.openai.label ?? PROVIDER_NAMES.openai) : PROVIDER_NAMES[provider];
      return { provider, name, models: ids };
    });
  return (
    <label className="inline-label" htmlFor={id}>
      Model
      <select
        id={id}
        value={`${value.provider}:${value.model}`}
        onChange={(event) => {
          const [provider, ...rest] = event.target.value.split(':');
          onChange({ provider: provider as ProviderId, model: rest.join(':') });
        }}
      >
        {groups.map((group) => (
          <optgroup key={group.provider} label={group.name}>
            {group.models.map((model) => (
              <option key={model.id} value={`${group.provider}:${model.id}`}>
                {model.displayName}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
