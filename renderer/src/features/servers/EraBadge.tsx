import type { ProtocolEra } from '../../../../shared/servers/server-state.ts';
import { eraBadge } from './server-status.ts';

export function EraBadge({ era, protocolVersion }: { era: ProtocolEra | undefined; protocolVersion: string | undefined }) {
  if (!era) return null;
  const badge = eraBadge(era, protocolVersion);
  return (
    <span className={`badge badge-era-${era}`} title={badge.title}>
      <span className="visually-hidden">Protocol </span>
      {badge.label}
    </span>
  );
}
