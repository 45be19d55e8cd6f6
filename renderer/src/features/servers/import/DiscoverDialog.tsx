import { useEffect, useState } from 'react';
import type { DiscoveryResult } from '../../../../../shared/servers/discovered-config.ts';
import { otherHostNames } from '../../../../../shared/servers/discovered-config.ts';
import type { ImportOutcome } from '../../../../../shared/api/import-api.ts';
import { useHostApi } from '../../../app/host-context.tsx';
import { Dialog, DialogActions } from '../../../components/Dialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { ServerText } from '../../../components/ServerText.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { summarize } from './import-plan.ts';
import { byHost, importable, initialPicks, pickKey, picksFor } from './discovery-plan.ts';

/**
 * Servers configured in the other MCP apps on this computer, grouped by app and file: each with what it runs,
 * whether it is new here, present already, or has a name taken here (added under another name, or skipped).
 * Importing only writes them to mcp.json; each still waits for the person's trust before it runs.
 */
export function DiscoverDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (names: string[]) => void }) {
  const api = useHostApi();
  const [result, setResult] = useState<DiscoveryResult>();
  const [error, setError] = useState<string>();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [outcomes, setOutcomes] = useState<ImportOutcome[]>();
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    api.call('servers.discover', {}).then(
      (found) => {
        setResult(found);
        setChosen(initialPicks(found.files));
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
  }, [api]);

  const toggle = (key: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const picks = result ? picksFor(result.files, chosen) : [];
  const run = () => {
    setImporting(true);
    setError(undefined);
    api
      .call('servers.importDiscovered', { picks })
      .then(({ outcomes: done }) => {
        setOutcomes(done);
        const added = done.filter((outcome) => outcome.ok).map((outcome) => outcome.as);
        if (added.length > 0) onAdded(added);
        if (done.every((outcome) => outcome.ok)) onClose();
      })
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setImporting(false));
  };

  return (
    <Dialog
      title="Import from other apps"
      onClose={onClose}
      size="wide"
      description="MCP servers configured in Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Cline, Goose and Zed on this computer. Nothing runs until you review what each one starts."
    >
      <div className="dialog-body">
        {result === undefined && !error && (
          <p className="muted" role="status">
            Looking…
          </p>
        )}
        {result && result.files.length === 0 && <p className="muted">No other app on this computer has MCP servers configured (looked in {result.searched} places).</p>}
        {result &&
          byHost(result.files).map(([host, files]) => (
            <section key={host} className="discover-host" aria-label={otherHostNames[host]}>
              <h3>{otherHostNames[host]}</h3>
              {files.map((file) => (
                <div key={file.path} className="discover-file">
                  <p className="muted small">
                    {file.scope}: <code>{file.path}</code>
                  </p>
                  {file.error && <p className="field-error">This file {file.error}</p>}
                  <ul className="import-list" aria-label={`${otherHostNames[host]} ${file.scope}`}>
                    {file.servers.map((server) => {
                      const key = pickKey(file, server);
                      const can = importable(server);
                      return (
                        <li key={key} className={can || server.status === 'present' ? 'import-item' : 'import-item import-invalid'} aria-label={server.name}>
                          <label className="import-choice">
                            <input type="checkbox" checked={chosen.has(key)} disabled={!can} onChange={(event) => toggle(key, event.target.checked)} />
                            <strong>
                              <ServerText text={server.name} />
                            </strong>
                          </label>
                          <span className="import-status">
                            {server.error ? (
                              <span className="pill pill-danger">Invalid</span>
                            ) : server.status === 'present' ? (
                              <span className="pill pill-ok">Already present{server.presentAs && server.presentAs !== server.name ? ` as ${server.presentAs}` : ''}</span>
                            ) : server.status === 'clash' ? (
                              <span className="pill pill-warning">Name taken: {chosen.has(key) ? `adds as ${server.rename}` : 'skipped'}</span>
                            ) : (
                              <span className="pill">New</span>
                            )}
                          </span>
                          {server.config && (
                            <code className="import-summary">
                              <ServerText text={summarize({ name: server.name, config: server.config, exists: false })} mode="strict" />
                            </code>
                          )}
                          {server.error && <p className="field-error">{server.error}</p>}
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        {outcomes?.filter((outcome) => !outcome.ok).map((outcome) => (
          <p key={outcome.as} className="field-error">
            {outcome.as}: {outcome.error}
          </p>
        ))}
        <FormError message={error} />
        <DialogActions onCancel={onClose}>
          <button type="button" className="button button-primary" disabled={importing || picks.length === 0} onClick={run}>
            {importing ? 'Importing…' : picks.length === 1 ? 'Import 1 server' : `Import ${picks.length} servers`}
          </button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
