import { z } from 'zod';
import type { HumanSettings, RootEntry } from '../consent/human-settings.ts';
import { approvalModes, samplingPolicies } from '../consent/human-settings.ts';
import type { ServerState } from '../servers/server-state.ts';

const server = z.string().min(1).max(200);

export const humanMethods = {
  /** Approval mode, per-server sampling / auto-approval / roots, and what the platform can do. */
  'human.get': z.object({}).strict(),
  'human.setApprovalMode': z.object({ mode: z.enum(approvalModes) }).strict(),
  /** Changes only the fields given. */
  'human.setServer': z
    .object({ server, sampling: z.enum(samplingPolicies).optional(), autoApproveReadOnly: z.boolean().optional() })
    .strict(),
  'roots.get': z.object({ server }).strict(),
  /**
   * Replaces a server's roots. Each path must be an absolute path to an existing folder (checked by the host);
   * `name` defaults to the folder's own name. Connected 2025-era servers get `notifications/roots/list_changed`.
   */
  'roots.set': z
    .object({
      server,
      roots: z
        .array(z.object({ path: z.string().min(1).max(4_096), name: z.string().trim().min(1).max(200).optional() }).strict())
        .max(100),
    })
    .strict(),
  /** The system folder picker (only where `platform.pickFolder`); `path` is absent when the person cancelled. */
  'roots.pickFolder': z.object({ title: z.string().max(200).optional() }).strict(),
  /**
   * Asks again (a `server-trust` request) for a server that is untrusted, or awaiting trust without an open
   * question; returns its state with `trust.requestId` set, and starts it once trusted. Other states: returned as they are.
   */
  'servers.trust': z.object({ server }).strict(),
  /** Forgets the trust given to a server's current launch: it stops and waits in `awaiting-trust`, asked again at once. */
  'servers.revokeTrust': z.object({ server }).strict(),
  /**
   * Opens a link (from a chat message or a tool result) after an `open-url` request the person answers. The
   * promise settles when they have: `opened` (by the host), `open-in-window` (the answering window opened it,
   * as `consent.answer` told it to), `declined`, or `blocked` (never asked: the address cannot be opened).
   */
  'links.open': z.object({ url: z.string().min(1).max(8_192), source: z.string().max(200).optional() }).strict(),
} as const;

export type LinkOpenOutcome = 'opened' | 'open-in-window' | 'declined' | 'blocked';

export interface HumanResults {
  'human.get': HumanSettings;
  'human.setApprovalMode': HumanSettings;
  'human.setServer': HumanSettings;
  'roots.get': RootEntry[];
  'roots.set': RootEntry[];
  'roots.pickFolder': { path?: string };
  'servers.trust': ServerState;
  'servers.revokeTrust': ServerState;
  'links.open': { outcome: LinkOpenOutcome; reason?: string };
}

export interface HumanEvents {
  'human.changed': HumanSettings;
}

export const humanEventNames = ['human.changed'] as const satisfies readonly (keyof HumanEvents)[];
