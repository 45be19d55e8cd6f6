import { useEffect, useState } from 'react';
import type { ProviderErrorInfo } from '../../../../shared/chat/chat-types.ts';
import { useAppStore } from '../../app/host-context.tsx';
import { describeProviderError, secondsUntil } from './provider-error-text.ts';

interface ProviderErrorViewProps {
  error: ProviderErrorInfo;
  failedAt: number;
  /** Only the latest answer offers a retry, and only while no turn runs. */
  onRetry?: () => void;
}

export function ProviderErrorView({ error, failedAt, onRetry }: ProviderErrorViewProps) {
  const showView = useAppStore((state) => state.showView);
  const text = describeProviderError(error, failedAt);
  const wait = useCountdown(text.retryAt);
  return (
    <div className="provider-error" role={onRetry ? 'alert' : undefined}>
      <strong>{text.title}</strong>
      <p>{text.advice}</p>
      {error.message && <p className="provider-error-detail">{error.message}</p>}
      <div className="provider-error-actions">
        {text.action === 'settings' && (
          <button type="button" className="button button-small button-primary" onClick={() => showView('settings')}>
            Open Settings
          </button>
        )}
        {onRetry && (
          <button type="button" className="button button-small" onClick={onRetry} disabled={wait > 0}>
            {wait > 0 ? `Retry in ${wait} s` : 'Retry'}
          </button>
        )}
      </div>
    </div>
  );
}

function useCountdown(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(until, now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, now]);
  return left;
}
