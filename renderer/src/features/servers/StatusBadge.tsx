import type { ServerStatus } from '../../../../shared/servers/server-state.ts';
import { statusLabels, statusTones } from './server-status.ts';

/** Colour and a shape for the tone, and always the word: colour is never the only signal. */
export function StatusBadge({ status }: { status: ServerStatus }) {
  return (
    <span className={`status status-${statusTones[status]}`} data-status={status}>
      <span className="status-dot" aria-hidden="true" />
      {statusLabels[status]}
    </span>
  );
}
