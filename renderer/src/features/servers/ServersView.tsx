import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { ServerDetail } from './detail/ServerDetail.tsx';
import { ServerFormDialog } from './form/ServerFormDialog.tsx';
import { PasteJsonDialog } from './import/PasteJsonDialog.tsx';
import { ServerCard } from './ServerCard.tsx';
import type { ServerActions } from './ServerCard.tsx';
import './servers.css';

type OpenDialog = { kind: 'add' } | { kind: 'import' } | { kind: 'edit'; name: string } | { kind: 'remove'; name: string };

export function ServersView() {
  const api = useHostApi();
  const { servers, selectedServer, selectServer, serverPane, showServerList, fileError, configPath, consentRequests, resumeConsent } = useAppStore(
    useShallow((state) => ({
      servers: state.servers,
      serverPane: state.serverPane,
      showServerList: state.showServerList,
      consentRequests: state.consentRequests,
      resumeConsent: state.resumeConsent,
      selectedServer: state.selectedServer,
      selectServer: state.selectServer,
      fileError: state.config?.fileError,
      configPath: state.config?.path,
    })),
  );
  const [dialog, setDialog] = useState<OpenDialog>();
  const [actionError, setActionError] = useState<string>();

  // Falls back to the first server so the detail pane is never empty when there is something to show.
  const selected = servers?.find((server) => server.name === selectedServer) ?? servers?.[0];

  const attempt = (what: string, run: () => Promise<unknown>) => {
    setActionError(undefined);
    run().catch((error: unknown) => setActionError(`${what}: ${errorMessage(error)}`));
  };
  const actions: ServerActions = {
    select: (name) => selectServer(name),
    setEnabled: (name, enabled) =>
      attempt(`Could not ${enabled ? 'enable' : 'disable'} ${name}`, () => api.call('servers.setEnabled', { server: name, enabled })),
    restart: (name) => attempt(`Could not restart ${name}`, () => api.call('servers.restart', { server: name })),
    edit: (name) => setDialog({ kind: 'edit', name }),
    remove: (name) => setDialog({ kind: 'remove', name }),
    reviewTrust: (name) => {
      const requestId = servers?.find((server) => server.name === name)?.trust?.requestId;
      if (requestId && consentRequests?.some((request) => request.id === requestId)) resumeConsent(requestId);
      else attempt(`Could not ask about ${name}`, () => api.call('servers.trust', { server: name }));
    },
  };
  const close = () => setDialog(undefined);

  // Back on the list of a narrow window, focus returns to the server the person came from.
  const listRef = useRef<HTMLUListElement>(null);
  const cameBack = useRef(false);
  useEffect(() => {
    if (serverPane !== 'list' || !cameBack.current) return;
    cameBack.current = false;
    listRef.current?.querySelector<HTMLElement>('.server-card.selected .server-name')?.focus();
  }, [serverPane]);
  const back = () => {
    cameBack.current = true;
    showServerList();
  };

  return (
    <div className="servers-view">
      <header className="view-header">
        <div>
          <h1>Servers</h1>
          {configPath && (
            <p className="muted small">
              Saved in <code>{configPath}</code>
            </p>
          )}
        </div>
        <div className="view-actions">
          <button type="button" className="button" onClick={() => setDialog({ kind: 'import' })}>
            Paste JSON
          </button>
          <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'add' })}>
            Add server
          </button>
        </div>
      </header>

      {fileError && (
        <div className="callout callout-danger" role="alert">
          <strong>mcp.json has a problem; Switchboard keeps running the last good configuration.</strong>
          <p>{fileError}</p>
        </div>
      )}
      {actionError && (
        <div className="callout callout-danger" role="alert">
          <p>{actionError}</p>
          <button type="button" className="button button-small" onClick={() => setActionError(undefined)}>
            Dismiss
          </button>
        </div>
      )}

      {servers === undefined ? (
        <p className="muted" role="status">
          Loading servers…
        </p>
      ) : servers.length === 0 ? (
        <div className="empty-state">
          <h2>No servers yet</h2>
          <p>Add an MCP server by hand, or paste the <code>mcpServers</code> JSON you already use in Claude Desktop, Cursor or VS Code.</p>
        </div>
      ) : (
        <div className="servers-layout" data-pane={serverPane}>
          <ul className="server-list" aria-label="Servers" ref={listRef}>
            {servers.map((server) => (
              <ServerCard key={server.name} server={server} selected={server.name === selected?.name} actions={actions} />
            ))}
          </ul>
          {selected && (
            <div className="server-detail-pane">
              <button type="button" className="button button-small back-to-list" onClick={back}>
                <span aria-hidden="true">←</span> All servers
              </button>
              <ServerDetail key={selected.name} server={selected} onReviewTrust={() => actions.reviewTrust(selected.name)} />
            </div>
          )}
        </div>
      )}

      {dialog?.kind === 'add' && <ServerFormDialog onClose={close} onSaved={(name) => selectServer(name)} />}
      {dialog?.kind === 'edit' && <ServerFormDialog editing={dialog.name} onClose={close} onSaved={(name) => selectServer(name)} />}
      {dialog?.kind === 'import' && <PasteJsonDialog onClose={close} onAdded={(names) => names[0] && selectServer(names[0])} />}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={`Remove ${dialog.name}?`}
          message={`This stops the server and deletes its entry from mcp.json.`}
          confirmLabel="Remove"
          danger
          onConfirm={() => api.call('servers.remove', { server: dialog.name })}
          onClose={close}
        />
      )}
    </div>
  );
}
