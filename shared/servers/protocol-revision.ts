import { z } from 'zod';

/**
 * The MCP revisions Switchboard speaks, oldest first. Revisions are ISO dates, so string order is time order;
 * from 2026-07-28 on a revision is negotiated with `server/discover` instead of `initialize`.
 */
export const PROTOCOL_REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

export type ProtocolRevision = (typeof PROTOCOL_REVISIONS)[number];

export const FIRST_MODERN_REVISION: ProtocolRevision = '2026-07-28';

/** `protocolVersion` of an `mcp.json` entry: speak this revision only, instead of the newest both sides share. */
export const protocolRevisionSchema = z.enum(PROTOCOL_REVISIONS, {
  error: `protocolVersion must be one of ${PROTOCOL_REVISIONS.join(', ')}`,
});

export function isModernRevision(revision: ProtocolRevision): boolean {
  return revision >= FIRST_MODERN_REVISION;
}
