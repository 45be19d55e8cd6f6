import { useEffect, useState } from 'react';
import { useAppStore, useConnection } from './host-context.tsx';

/** Only shown while the host cannot be reached; Electron's bridge never gets here. */
export function ConnectionBanner() {
  const connection = useAppStore((state) => state.connection);
  const { retryNow } = useConnection();
  const now = useNow(connection.status === 'reconnecting');
  if (connection.status === 'open' || connection.status === 'refused') return null;
  if (connection.status === 'connecting' && connection.attempt === 0) {
    return (
      <div className="banner banner-info" role="status">
        Connecting to Switchboard…
      </div>
    );
  }
  const seconds = connection.retryAt ? Math.max(0, Math.ceil((connection.retryAt - now) / 1000)) : 0;
  return (
    <div className="banner banner-warning" role="alert">
      <span>
        <strong>Disconnected from Switchboard.</strong>{' '}
        {seconds > 0 ? `Reconnecting in ${seconds} s (attempt ${connection.attempt}).` : 'Reconnecting…'} What you see may be out of date.
        {/* A restarted serve keeps its token and, when it can, its port; on another port this page cannot follow. */}
        {connection.attempt >= 4 && ' If Switchboard was restarted on another port, open the new address it printed.'}
      </span>
      <button type="button" className="button button-small" onClick={retryNow}>
        Retry now
      </button>
    </div>
  );
}

function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
