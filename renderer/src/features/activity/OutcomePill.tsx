import type { ActivityOutcome } from '../../../../shared/activity/activity-types.ts';
import { outcomeLabels, outcomeTone } from './activity-format.ts';

/** A mark per class as well as a colour, so classes that share a colour still look different. */
const marks: Record<ActivityOutcome, string> = {
  ok: '✓',
  'tool-error': '!',
  'protocol-error': '✕',
  'transport-error': '⌁',
  timeout: '◷',
  cancelled: '◌',
  denied: '⊘',
};

export function OutcomePill({ outcome }: { outcome: ActivityOutcome }) {
  return (
    <span className={`pill activity-outcome activity-outcome-${outcomeTone(outcome)}`} data-outcome={outcome}>
      <span className="activity-outcome-mark" aria-hidden="true">
        {marks[outcome]}
      </span>
      {outcomeLabels[outcome]}
    </span>
  );
}
