import { startTransition, useActionState, useState } from 'react';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/client';
import type { ResourceTemplateEntry, ServerState } from '../../../../../shared/servers/server-state.ts';
import { useHostApi } from '../../../app/host-context.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { ResourceContentsView } from '../../../components/tool-result/ContentBlockView.tsx';
import { ServerText } from '../../../components/ServerText.tsx';
import { writeOutHidden } from '../../../../../shared/text/hidden-characters.ts';
import { TemplateForm } from '../../context/ContextForms.tsx';
import { McpIcon } from '../../../components/icons/McpIcon.tsx';

type ReadState = { uri?: string; result?: ReadResourceResult; error?: string };

export function ResourcesTab({ server, resources, templates }: { server: ServerState; resources: Resource[]; templates: ResourceTemplateEntry[] }) {
  const api = useHostApi();
  const [selectedUri, setSelectedUri] = useState<string>();
  const [template, setTemplate] = useState<ResourceTemplateEntry>();
  const [state, read, reading] = useActionState(async (_previous: ReadState, uri: string): Promise<ReadState> => {
    try {
      return { uri, result: await api.call('resources.read', { server: server.name, uri }) };
    } catch (error) {
      return { uri, error: errorMessage(error) };
    }
  }, {});
  const open = (uri: string) => {
    setSelectedUri(uri);
    startTransition(() => read(uri));
  };

  if (resources.length === 0 && templates.length === 0) return <p className="muted empty-panel">This server offers no resources.</p>;

  return (
    <div className="split">
      <div className="item-column">
        {resources.length > 0 && (
          <ul className="item-list" aria-label="Resources">
            {resources.map((resource) => (
              <li key={resource.uri} className={resource.uri === selectedUri ? 'item selected' : 'item'}>
                <button type="button" className="item-main" aria-current={resource.uri === selectedUri ? 'true' : undefined} onClick={() => open(resource.uri)}>
                  <span className="item-title">
                    <McpIcon server={server.name} icons={resource.icons} />
                    <ServerText text={resource.title ?? resource.name} />
                  </span>
                  <code className="item-name"><ServerText text={resource.uri} /></code>
                  {resource.description && <span className="item-description"><ServerText text={resource.description} /></span>}
                  {resource.mimeType && <span className="muted small">{resource.mimeType}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        {templates.length > 0 && (
          <section className="templates" aria-label="Resource templates">
            <h4>Templates</h4>
            <ul className="plain-list">
              {templates.map((entry) => (
                <li key={entry.uriTemplate}>
                  <button type="button" className="link-button" aria-expanded={entry === template} onClick={() => setTemplate(entry)}>
                    <McpIcon server={server.name} icons={entry.icons} />
                    <ServerText text={entry.title ?? entry.name} />
                  </button>{' '}
                  <code className="item-name"><ServerText text={entry.uriTemplate} /></code>
                  {entry.description && <p className="item-description"><ServerText text={entry.description} /></p>}
                  {entry === template && (
                    <TemplateForm
                      key={entry.uriTemplate}
                      server={server.name}
                      template={entry}
                      submitLabel="Read"
                      onSubmit={async (values) => {
                        const { uri } = await api.call('context.expand', { uriTemplate: entry.uriTemplate, values });
                        open(uri);
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="item-panel" aria-live="polite">
        {reading ? (
          <p className="muted" role="status">
            Reading {selectedUri}…
          </p>
        ) : state.error ? (
          <p className="form-error" role="alert">
            Could not read <ServerText text={state.uri} />: <ServerText text={state.error} />
          </p>
        ) : state.result ? (
          <section aria-label={`Contents of ${writeOutHidden(state.uri ?? '')}`}>
            <div className="panel-actions">
              <button type="button" className="button button-small" onClick={() => state.uri && open(state.uri)}>
                Read again
              </button>
            </div>
            {state.result.contents.length === 0 && <p className="muted">The resource is empty.</p>}
            {state.result.contents.map((contents, index) => (
              <ResourceContentsView key={index} contents={contents} />
            ))}
          </section>
        ) : (
          <p className="muted">Choose a resource to read it.</p>
        )}
      </div>
    </div>
  );
}
