import type { LaunchRisk, RiskLocation } from '../../../../shared/consent/launch-review.ts';
import type { WarningSeverity } from '../../../../shared/consent/url-safety.ts';

function sameLocation(a: RiskLocation, b: RiskLocation): boolean {
  if (a.part !== b.part) return false;
  if (a.part === 'arg' && b.part === 'arg') return a.index === b.index;
  if ((a.part === 'env' && b.part === 'env') || (a.part === 'header' && b.part === 'header')) return a.key === b.key;
  return true;
}

/** The most severe risk that points at this part of the launch, to mark it where it is shown. */
export function worstAt(risks: readonly LaunchRisk[], where: RiskLocation): WarningSeverity | undefined {
  // The review lists risks most severe first.
  return risks.find((risk) => risk.location !== undefined && sameLocation(risk.location, where))?.severity;
}

export function locationText(location: RiskLocation | undefined): string | undefined {
  if (!location) return undefined;
  switch (location.part) {
    case 'command':
      return 'the command';
    case 'arg':
      return `argument ${location.index + 1}`;
    case 'cwd':
      return 'the working folder';
    case 'env':
      return `variable ${location.key}`;
    case 'url':
      return 'the address';
    case 'header':
      return `header ${location.key}`;
  }
}

export const severityLabels: Record<WarningSeverity | 'none', string> = { danger: 'Danger', caution: 'Caution', info: 'Note', none: 'No risks found' };
