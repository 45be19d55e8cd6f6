/**
 * The record of tool calls (the spec asks clients to log tool usage: Server Features → Tools → Security
 * Considerations). One entry per call, whoever made it; arguments are stored redacted.
 */

/** How a call ended. `tool-error` is a result with `isError`; `denied` never reached the server. */
export const activityOutcomes = ['ok', 'tool-error', 'protocol-error', 'transport-error', 'timeout', 'cancelled', 'denied'] as const;
export type ActivityOutcome = (typeof activityOutcomes)[number];

/** Who made the call: the model in a chat, the person's Run tool, an MCP App in a tool card, `switchboard call`. */
export const activitySources = ['model', 'run-tool', 'app', 'cli'] as const;
export type ActivitySource = (typeof activitySources)[number];

/**
 * How the call was allowed: `asked` (the person allowed it in a dialog; `scope` says once, conversation or
 * always), `grant` (a standing grant covered it), `mode` (the conversation's approval mode let it through),
 * `person` (the person made the call themselves: Run tool, `switchboard call`), `host` (a host tool that needs
 * no approval), `denied` (the person or a rule refused it).
 */
export const activityApprovals = ['asked', 'grant', 'mode', 'person', 'host', 'denied'] as const;
export type ActivityApproval = (typeof activityApprovals)[number];

export interface ActivityEntry {
  id: string;
  /** Epoch milliseconds when the call was made (or refused). */
  startedAt: number;
  /** Absent for a denied call, which never ran. */
  durationMs?: number;
  conversationId?: string;
  server: string;
  tool: string;
  source: ActivitySource;
  approval: ActivityApproval;
  /** With `approval: 'asked'`. */
  scope?: 'once' | 'conversation' | 'always';
  outcome: ActivityOutcome;
  /** Bytes of the result as JSON; absent when there was none. */
  resultBytes?: number;
  /** One line saying why the call did not end `ok`. */
  error?: string;
}

/** One entry opened: its redacted arguments and the result as stored (cut at a size limit, said so). */
export interface ActivityDetail {
  entry: ActivityEntry;
  arguments: Record<string, unknown>;
  /** The result as JSON text, redacted like the arguments. */
  result?: string;
  resultTruncated?: boolean;
}

export interface ActivityFilter {
  server?: string;
  tool?: string;
  outcomes?: ActivityOutcome[];
  sources?: ActivitySource[];
  /** Epoch milliseconds, inclusive. */
  from?: number;
  to?: number;
}

export interface ActivityServerStats {
  server: string;
  calls: number;
  /** Calls per outcome class (every class present, zero when none). */
  outcomes: Record<ActivityOutcome, number>;
  /** Of the calls that ran (not denied): duration percentiles in milliseconds. */
  p50Ms?: number;
  p95Ms?: number;
}

export interface ActivitySettings {
  /** Entries older than this many days are deleted. */
  retentionDays: number;
}

export const DEFAULT_ACTIVITY_RETENTION_DAYS = 30;
