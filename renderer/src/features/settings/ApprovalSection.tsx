import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { approvalModes } from '../../../../shared/consent/human-settings.ts';
import type { ApprovalMode } from '../../../../shared/consent/human-settings.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { approvalModeText } from './approval-modes.ts';
import { ServerPermissionSwitches } from './ServerPermissionSwitches.tsx';

/** How tool calls are approved, and per server what it may do without asking. */
export function ApprovalSection() {
  const api = useHostApi();
  const { human, servers } = useAppStore(useShallow((state) => ({ human: state.human, servers: state.servers })));
  const ids = { heading: useId(), mode: useId(), servers: useId() };
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  const setMode = (mode: ApprovalMode) => {
    setError(undefined);
    return api.call('human.setApprovalMode', { mode }).catch((failure: unknown) => setError(errorMessage(failure)));
  };
  const choose = (mode: ApprovalMode) => {
    if (mode === 'allow-everything') setConfirming(true);
    else void setMode(mode);
  };

  return (
    <section className="settings-section" aria-labelledby={ids.heading}>
      <header className="settings-section-head">
        <h2 id={ids.heading}>Approvals</h2>
      </header>
      {human === undefined ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : (
        <>
          <fieldset className="approval-modes">
            <legend>When the model wants to use a tool</legend>
            {approvalModes.map((mode) => (
              <label key={mode} className={`approval-mode${mode === 'allow-everything' ? ' approval-mode-danger' : ''}`}>
                <input type="radio" name={ids.mode} value={mode} checked={human.approvalMode === mode} onChange={() => choose(mode)} aria-describedby={`${ids.mode}-${mode}`} />
                <span>
                  <strong>{approvalModeText[mode].label}</strong>
                  <span className="field-hint approval-mode-description" id={`${ids.mode}-${mode}`}>
                    {approvalModeText[mode].description}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <FormError message={error} />
          <h3 id={ids.servers}>Per server</h3>
          {servers === undefined || servers.length === 0 ? (
            <p className="muted">No servers yet.</p>
          ) : (
            <table className="grants-table" aria-labelledby={ids.servers}>
              <thead>
                <tr>
                  <th scope="col">Server</th>
                  <th scope="col">Trusted for auto-approval</th>
                  <th scope="col">May ask the model (sampling)</th>
                </tr>
              </thead>
              <tbody>
                {servers.map((server) => (
                  <tr key={server.name}>
                    <th scope="row">{server.name}</th>
                    <ServerPermissionSwitches server={server.name} layout="cells" />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {human.approvalMode !== 'auto-read-only' && (
            <p className="field-hint">“Trusted for auto-approval” takes effect in the mode “{approvalModeText['auto-read-only'].label}”.</p>
          )}
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Allow every tool call without asking?"
          message="Every tool of every server will run as soon as the model asks, including ones that delete, send or buy. Switchboard shows a banner while this is on."
          confirmLabel="Allow everything"
          danger
          onConfirm={() => api.call('human.setApprovalMode', { mode: 'allow-everything' })}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
