import type { ServerState } from '../../../../shared/servers/server-state.ts';
import { describeExit, describeRestart } from './server-status.ts';
import { useNow } from './use-now.ts';
import { ServerText } from '../../components/ServerText.tsx';

/** Why a server is not working and what the host is doing about it. */
export function ServerProblems({ server }: { server: ServerState }) {
  const counting = server.restart?.nextAt !== undefined && !server.restart.gaveUp && server.status !== 'connected';
  const now = useNow(counting);
  const restart = describeRestart(server.restart, server.status, now);
  const troubled = server.status === 'error' || server.status === 'crashed' || server.status === 'stopped';
  const showExit = server.exit && (troubled || server.status === 'connecting');
  if (!restart && !(troubled && server.reason) && !showExit) return null;
  return (
    <div className={troubled ? 'problems problems-danger' : 'problems'}>
      {troubled && server.reason && <p className="problem-reason"><ServerText text={server.reason} /></p>}
      {showExit && server.exit && (
        <>
          <p className="problem-exit">Process {describeExit(server.exit)}</p>
          {server.exit.stderrTail.length > 0 && (
            <pre className="stderr-tail" aria-label="Last lines on stderr">
              <ServerText text={server.exit.stderrTail.join('\n')} />
            </pre>
          )}
        </>
      )}
      {restart && (
        <p className={server.restart?.gaveUp ? 'restart restart-gave-up' : server.status === 'connected' ? 'restart restart-recovered' : 'restart'} role="status">
          {restart}
        </p>
      )}
    </div>
  );
}
