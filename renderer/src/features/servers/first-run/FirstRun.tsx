import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DiscoveryResult } from '../../../../../shared/servers/discovered-config.ts';
import { otherHostNames } from '../../../../../shared/servers/discovered-config.ts';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { referenceServers } from './reference-servers.ts';

/**
 * With no servers: what a server is, the servers other apps on this computer have (imported through the usual
 * dialog), well-known reference servers to add in one click, and, without an API key, where to get one.
 * Everything added still goes through the trust review before it runs.
 */
export function FirstRun({ onImport }: { onImport: () => void }) {
  const api = useHostApi();
  const { settings, showView } = useAppStore(useShallow((state) => ({ settings: state.settings, showView: state.showView })));
  const [found, setFound] = useState<DiscoveryResult>();
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    api.call('servers.discover', {}).then(setFound, () => setFound(undefined));
  }, [api]);

  const add = async (names: string[]) => {
    setError(undefined);
    setAdding(true);
    try {
      for (const server of referenceServers.filter((candidate) => names.includes(candidate.name))) {
        await api.call('servers.add', { name: server.name, config: server.config });
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setAdding(false);
    }
  };
  const servers = found?.files.flatMap((file) => file.servers.filter((server) => server.status !== 'present' && !server.error)) ?? [];
  const apps = [...new Set(found?.files.filter((file) => file.servers.length > 0).map((file) => otherHostNames[file.host]))];
  const noKey = settings !== undefined && !settings.providers.anthropic.hasApiKey && !settings.providers.openai.hasApiKey;

  return (
    <div className="first-run">
      <div className="empty-state">
        <h2>No servers yet</h2>
        <p>
          An MCP server gives the model tools and data: your files, a database, a web service.
          <br />
          It runs on this computer or remotely, and nothing starts until you have reviewed exactly what it runs.
        </p>
      </div>

      {noKey && (
        <section className="callout" aria-label="API key">
          <p>
            <strong>To chat, add a model API key.</strong> Get one at <code>console.anthropic.com</code> (Anthropic) or{' '}
            <code>platform.openai.com</code> (OpenAI; a compatible local server such as Ollama needs none), then enter it in
            Settings under the provider.
          </p>
          <button type="button" className="button button-small" onClick={() => showView('settings')}>
            Open Settings
          </button>
        </section>
      )}

      <section className="first-run-section" aria-label="Found on this computer">
        <h3>Found on this computer</h3>
        {found === undefined ? (
          <p className="muted small">Looking in other MCP apps…</p>
        ) : servers.length === 0 ? (
          <p className="muted small">No other MCP app here has servers to import; Paste JSON (above) takes a configuration you copied.</p>
        ) : (
          <p>
            {servers.length === 1 ? '1 server' : `${servers.length} servers`} in {apps.join(', ')}.
          </p>
        )}
        {servers.length > 0 && (
          <button type="button" className="button button-primary" onClick={onImport}>
            Review and import
          </button>
        )}
      </section>

      <section className="first-run-section" aria-label="Reference servers">
        <h3>Reference servers</h3>
        <ul className="reference-list">
          {referenceServers.map((server) => (
            <li key={server.name} aria-label={server.title}>
              <div>
                <strong>{server.title}</strong>
                <p className="muted small">{server.description}</p>
                <code className="small">{[server.config.command, ...server.config.args].join(' ')}</code>
              </div>
              <button type="button" className="button button-small" disabled={adding} onClick={() => void add([server.name])}>
                Add
              </button>
            </li>
          ))}
        </ul>
        <FormError message={error} />
      </section>
    </div>
  );
}
