import { useEffect, useState } from 'react';
import { logLevels } from '../../../../../shared/api/log-level-api.ts';
import type { ServerLogLevel as LevelView } from '../../../../../shared/api/log-level-api.ts';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';
import { errorMessage } from '../../../components/error-message.ts';

/**
 * The lowest level of the server's own log messages (Server Features → Logging) the person wants: sent with
 * logging/setLevel to a 2025-era server, with every request to a 2026-07-28 one.
 */
export function ServerLogLevel({ server, onError }: { server: string; onError: (message: string | undefined) => void }) {
  const api = useHostApi();
  const status = useAppStore((state) => state.servers?.find((candidate) => candidate.name === server)?.status);
  const [view, setView] = useState<LevelView>();
  useEffect(() => {
    let live = true;
    api.call('servers.logLevel', { server }).then(
      (next) => live && setView(next),
      (failure: unknown) => live && onError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [api, server, status, onError]);
  if (!view) return null;
  const change = (level: LevelView['level']) => {
    onError(undefined);
    api.call('servers.setLogLevel', { server, level }).then(setView, (failure: unknown) => onError(errorMessage(failure)));
  };
  const title =
    view.supported === false
      ? 'This server does not send MCP log messages'
      : view.how === 'per-request'
        ? 'Sent with every request (2026-07-28)'
        : view.how === 'set-level'
          ? 'Set on the server with logging/setLevel'
          : 'Applied when the server connects';
  return (
    <label className="inline-label" title={title}>
      Server log level
      <select value={view.level} onChange={(event) => change(event.target.value as LevelView['level'])} disabled={view.supported === false}>
        {logLevels.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </select>
    </label>
  );
}
