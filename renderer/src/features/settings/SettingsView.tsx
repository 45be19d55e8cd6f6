import { useAppStore } from '../../app/host-context.tsx';
import { RetentionSection } from '../activity/RetentionSection.tsx';
import { ClientMetadataSection } from '../servers/auth/ClientMetadataSection.tsx';
import { AppearanceSection } from './AppearanceSection.tsx';
import { ApprovalSection } from './ApprovalSection.tsx';
import { ChatSettingsForm } from './ChatSettingsForm.tsx';
import { GrantsList } from './GrantsList.tsx';
import { ProviderSection } from './ProviderSection.tsx';
import { TelemetrySection } from './TelemetrySection.tsx';
import './settings.css';

export function SettingsView() {
  const settings = useAppStore((state) => state.settings);
  return (
    <div className="settings-view">
      <header className="view-header">
        <h1>Settings</h1>
      </header>
      {settings === undefined ? (
        <p className="muted" role="status">
          Loading settings…
        </p>
      ) : (
        <>
          <ProviderSection
            provider="anthropic"
            name="Anthropic"
            settings={settings}
            urlPlaceholder="https://api.anthropic.com"
            urlHint="For a proxy or gateway that speaks the Messages API."
          />
          <ProviderSection
            provider="openai"
            name="OpenAI-compatible"
            settings={settings}
            urlPlaceholder="https://api.openai.com/v1"
            urlHint="OpenAI, OpenRouter, or a local server such as Ollama (http://localhost:11434/v1) or LM Studio."
          />
          <ChatSettingsForm settings={settings} />
          <ApprovalSection />
          <GrantsList />
          <ClientMetadataSection />
          <TelemetrySection />
          <RetentionSection />
          <AppearanceSection />
        </>
      )}
    </div>
  );
}
