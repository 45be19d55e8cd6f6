import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppResource } from '../../../../shared/api/apps-api.ts';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { useAppBridge } from './use-app-bridge.ts';
import type { AppCall } from './use-app-bridge.ts';
import { toolAppUri, useToolHasApp } from './use-tool-ui.ts';
import './apps.css';

type Loaded = { phase: 'loading' } | { phase: 'ready'; resource: AppResource } | { phase: 'failed'; message: string };

/**
 * A tool's MCP App, under its call: the `ui://` resource read again from the server (so a saved conversation
 * shows it again from the stored result), framed on the sandbox origin. Nothing shows for tools without one.
 */
export function AppView({ call, show }: { call: AppCall; show: boolean }) {
  const hasApp = useToolHasApp(call.server, call.tool);
  if (!show || !hasApp) return null;
  return <LoadedApp call={call} />;
}

function LoadedApp({ call }: { call: AppCall }) {
  const api = useHostApi();
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // A saved conversation opened while its server is away says so; the app shows once the server is back.
  const connected = useAppStore((state) => state.servers?.find((entry) => entry.name === call.server)?.status === 'connected');
  useEffect(() => {
    let live = true;
    setLoaded({ phase: 'loading' });
    api.call('apps.resource', { server: call.server, tool: call.tool }).then(
      (resource) => live && setLoaded({ phase: 'ready', resource }),
      (failure: unknown) => live && setLoaded({ phase: 'failed', message: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      live = false;
    };
  }, [api, call.server, call.tool, attempt, connected]);
  const again = useCallback(() => setAttempt((value) => value + 1), []);
  const label = `App of ${writeOutHidden(call.tool)}`;
  if (loaded.phase === 'failed') {
    return (
      <div className="app-view app-view-note" role="group" aria-label={label}>
        <span>The app could not be shown: <ServerText text={loaded.message} /></span>{' '}
        <button type="button" className="link-button" onClick={again}>Open again</button>
      </div>
    );
  }
  if (loaded.phase === 'loading') return <div className="app-view app-view-note" aria-label={label}>Loading the app…</div>;
  return <AppFrame key={attempt} call={call} resource={loaded.resource} label={label} onReopen={again} />;
}

function AppFrame({ call, resource, label, onReopen }: { call: AppCall; resource: AppResource; label: string; onReopen(): void }) {
  const api = useHostApi();
  const frame = useRef<HTMLIFrameElement>(null);
  const catalog = useAppStore((state) => state.catalogs[call.server]);
  // A tool this app calls that has an app of its own shows it below (the latest call of each such tool).
  const [called, setCalled] = useState<AppCall[]>([]);
  const onToolCalled = useCallback(
    (next: AppCall) => {
      const uri = toolAppUri(catalog, next.tool);
      if (!uri || uri === resource.uri) return;
      setCalled((list) => [...list.filter((entry) => entry.tool !== next.tool), next]);
    },
    [catalog, resource.uri],
  );
  const { height, displayMode, setDisplayMode, closed, close, modelContext } = useAppBridge(api, frame, resource, call, onToolCalled);
  if (closed) {
    return (
      <div className="app-view app-view-note" role="group" aria-label={label}>
        The app was closed. <button type="button" className="link-button" onClick={onReopen}>Open again</button>
      </div>
    );
  }
  const fullscreen = displayMode === 'fullscreen';
  return (
    <div className={`app-view${fullscreen ? ' app-view-fullscreen' : ''}${resource.prefersBorder === false ? '' : ' app-view-border'}`} role="group" aria-label={label}>
      <div className="app-view-bar">
        <span className="muted small">{label}</span>
        <span>
          <button type="button" className="link-button" onClick={() => setDisplayMode(fullscreen ? 'inline' : 'fullscreen')}>
            {fullscreen ? 'Exit full screen' : 'Full screen'}
          </button>{' '}
          <button type="button" className="link-button" onClick={close}>
            Close app
          </button>
        </span>
      </div>
      {/* The outer frame is on the sandbox origin, never this page's; the app itself runs in its inner frame. */}
      <iframe
        ref={frame}
        className="app-view-frame"
        title={label}
        sandbox="allow-scripts allow-same-origin allow-forms"
        allow={resource.allow || undefined}
        referrerPolicy="no-referrer"
        style={fullscreen ? undefined : { height: height ?? 320 }}
      />
      {modelContext && (
        <p className="app-view-context small" aria-label="Context the app gave the model">
          <span className="muted">The app told the model:</span> <ServerText text={modelContext} />
        </p>
      )}
      {called.map((entry) => (
        <AppView key={`${entry.tool}:${JSON.stringify(entry.result)}`} call={entry} show />
      ))}
    </div>
  );
}
