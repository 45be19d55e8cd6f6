import { useState } from 'react';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { Switch } from '../../components/Switch.tsx';
import { serverHuman } from '../../store/human-slice.ts';

type Patch = { sampling?: 'ask' | 'off'; autoApproveReadOnly?: boolean };

/** A server's two standing permissions, as table cells (Settings) or a list (the server's Access tab). */
export function ServerPermissionSwitches({ server, layout }: { server: string; layout: 'cells' | 'list' }) {
  const api = useHostApi();
  const settings = useAppStore((state) => serverHuman(state.human, server));
  const [error, setError] = useState<string>();
  const change = (patch: Patch) => {
    setError(undefined);
    api.call('human.setServer', { server, ...patch }).catch((failure: unknown) => setError(errorMessage(failure)));
  };
  const trusted = (
    <Switch
      label={`Trust ${server} for auto-approval`}
      showLabel={layout === 'list'}
      checked={settings.autoApproveReadOnly}
      onChange={(autoApproveReadOnly) => change({ autoApproveReadOnly })}
    />
  );
  const sampling = (
    <Switch
      label={`Allow ${server} to ask the model`}
      showLabel={layout === 'list'}
      checked={settings.sampling === 'ask'}
      onChange={(on) => change({ sampling: on ? 'ask' : 'off' })}
    />
  );
  const problem = error && (
    <p className="field-error" role="alert">
      {error}
    </p>
  );
  if (layout === 'cells') {
    return (
      <>
        <td>{trusted}</td>
        <td>
          {sampling}
          {problem}
        </td>
      </>
    );
  }
  return (
    <div className="permission-switches">
      <div>
        {trusted}
        <p className="field-hint">Its read-only tools may run without asking, in the mode that allows it (Settings › Approvals).</p>
      </div>
      <div>
        {sampling}
        <p className="field-hint">It may ask for a model completion (sampling); you still review each one. Off: refused without asking.</p>
      </div>
      {problem}
    </div>
  );
}
