import type { ToolCallProgress } from '../../../shared/servers/server-state.ts';
import { ServerText } from './ServerText.tsx';

/** A server's progress for one call: a bar that fills toward `total`, or an indeterminate one without it. */
export function CallProgressBar({ progress }: { progress: ToolCallProgress }) {
  const known = progress.total !== undefined && progress.total > 0;
  const percent = known ? Math.min(100, Math.max(0, Math.round((progress.progress / progress.total!) * 100))) : undefined;
  return (
    <div className="call-progress" data-progress={progress.progress} data-total={progress.total}>
      {known ? (
        <progress className="call-progress-bar" value={Math.min(progress.progress, progress.total!)} max={progress.total} aria-label={`Progress ${percent}%`} />
      ) : (
        <progress className="call-progress-bar" aria-label="In progress" />
      )}
      {progress.message && (
        <span className="call-progress-message small">
          <ServerText text={progress.message} />
        </span>
      )}
    </div>
  );
}
