import { useState } from 'react';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';
import './settings.css';

/** While every tool call runs unasked, every view says so, with the way back one click away. */
export function DangerModeBanner() {
  const api = useHostApi();
  const on = useAppStore((state) => state.human?.approvalMode === 'allow-everything');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (!on) return null;
  const turnOff = () => {
    setPending(true);
    setError(undefined);
    api
      .call('human.setApprovalMode', { mode: 'ask' })
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setPending(false));
  };
  return (
    <div className="banner banner-danger" role="region" aria-label="Dangerous mode">
      <span>
        <strong>Allow everything is on:</strong> every tool call runs without asking you.
        {error && <span role="alert"> Could not turn it off: {error}</span>}
      </span>
      <button type="button" className="button button-small button-danger" onClick={turnOff} disabled={pending}>
        Turn off (ask every time)
      </button>
    </div>
  );
}
