import { lazy, Suspense, useState } from 'react';
import type { LeftOutTool, ServerState, ToolEntry } from '../../../../../shared/servers/server-state.ts';
import { writeOutHidden } from '../../../../../shared/text/hidden-characters.ts';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { JsonView } from '../../../components/JsonView.tsx';
import { ServerText } from '../../../components/ServerText.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { LeftOutTools } from './LeftOutTools.tsx';
import { ToolAnnotations } from './ToolAnnotations.tsx';
import { McpIcon } from '../../../components/icons/McpIcon.tsx';

// The form library is most of the app's code; load it when a tool is first opened.
const RunTool = lazy(() => import('./RunTool.tsx').then((module) => ({ default: module.RunTool })));

export function ToolsTab({ server, tools, leftOut = [] }: { server: ServerState; tools: ToolEntry[]; leftOut?: LeftOutTool[] }) {
  const api = useHostApi();
  const catalogReceived = useAppStore((state) => state.catalogReceived);
  const [selectedName, setSelectedName] = useState<string>();
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string>();
  const selected = tools.find((tool) => tool.name === selectedName) ?? tools[0];
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? tools.filter((tool) => `${tool.name} ${tool.title ?? ''} ${tool.description ?? ''}`.toLowerCase().includes(needle))
    : tools;

  const setEnabled = (enabled: boolean, tool?: string) => {
    setError(undefined);
    api.call('tools.setEnabled', { server: server.name, enabled, ...(tool ? { tool } : {}) }).then(catalogReceived, (failure: unknown) =>
      setError(errorMessage(failure)),
    );
  };

  if (tools.length === 0) {
    return (
      <>
        <LeftOutTools tools={leftOut} />
        <p className="muted empty-panel">This server offers no tools{leftOut.length > 0 ? ' that can be used' : ''}.</p>
      </>
    );
  }

  return (
    <div className="tools-tab">
      <LeftOutTools tools={leftOut} />
      <div className="tools-toolbar">
        <Switch label="All tools available to the model" showLabel checked={server.toolsEnabled} onChange={(enabled) => setEnabled(enabled)} />
        {tools.length > 8 && (
          <input type="search" className="filter-input" aria-label="Filter tools" placeholder="Filter tools" value={filter} onChange={(event) => setFilter(event.target.value)} />
        )}
      </div>
      <FormError message={error} />
      <div className="split">
        <ul className="item-list" aria-label="Tools">
          {shown.map((tool) => (
            <li key={tool.name} className={tool === selected ? 'item selected' : 'item'}>
              <button type="button" className="item-main" aria-current={tool === selected ? 'true' : undefined} onClick={() => setSelectedName(tool.name)}>
                <span className="item-title">
                  <McpIcon server={server.name} icons={tool.icons} />
                  <ServerText text={tool.title ?? tool.annotations?.title ?? tool.name} />
                </span>
                {(tool.title ?? tool.annotations?.title) && <code className="item-name"><ServerText text={tool.name} /></code>}
                {tool.description && <span className="item-description"><ServerText text={tool.description} /></span>}
              </button>
              {/* The host decides what a switch means: one tool on under a switched-off server turns on just that tool. */}
              <Switch label={`Use ${writeOutHidden(tool.name)}`} checked={tool.enabled} onChange={(enabled) => setEnabled(enabled, tool.name)} />
            </li>
          ))}
        </ul>
        {selected && <ToolPanel key={selected.name} server={server} tool={selected} />}
      </div>
    </div>
  );
}

function ToolPanel({ server, tool }: { server: ServerState; tool: ToolEntry }) {
  const title = tool.title ?? tool.annotations?.title;
  return (
    <article className="item-panel" aria-label={`Tool ${writeOutHidden(tool.name)}`}>
      <header>
        <h3><ServerText text={title ?? tool.name} /></h3>
        {title && <code className="item-name"><ServerText text={tool.name} /></code>}
      </header>
      <ToolAnnotations annotations={tool.annotations} />
      {tool.description && <p className="description"><ServerText text={tool.description} /></p>}
      <details className="schema-details">
        <summary>Input schema</summary>
        <JsonView value={tool.inputSchema} label="Input schema" />
      </details>
      {tool.outputSchema && (
        <details className="schema-details">
          <summary>Output schema</summary>
          <JsonView value={tool.outputSchema} label="Output schema" />
        </details>
      )}
      <Suspense fallback={<p className="muted small">Loading the form…</p>}>
        <RunTool server={server} tool={tool} />
      </Suspense>
    </article>
  );
}
