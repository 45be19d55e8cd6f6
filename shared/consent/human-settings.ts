/**
 * The person's standing choices about what servers may do without asking: how tool calls are approved, and
 * per server whether it may ask for sampling, whether its read-only tools may run unasked, and which folders
 * it may know about (roots).
 */

/**
 * - `ask`: every tool call asks, unless a grant ("always allow", "for this conversation") covers it.
 * - `auto-read-only`: tools whose annotations say `readOnlyHint: true` run unasked, but only on servers the
 *   person marked `autoApproveReadOnly`; annotations are hints a server could lie about (server/tools § Tool
 *   annotations), so the person's trust in that server is what makes them count.
 * - `allow-everything`: every tool call runs unasked. Dangerous: the UI shows a banner while it is on.
 */
export const approvalModes = ['ask', 'auto-read-only', 'allow-everything'] as const;
export type ApprovalMode = (typeof approvalModes)[number];

/** `ask`: each sampling request is reviewed (client/sampling § User Interaction Model); `off`: refused without asking. */
export const samplingPolicies = ['ask', 'off'] as const;
export type SamplingPolicy = (typeof samplingPolicies)[number];

/** One folder a server may know about, as `roots/list` sends it. */
export interface RootEntry {
  /** `file://` URI of the folder. */
  uri: string;
  name: string;
  /** The folder as the person chose it, an absolute path on this machine. */
  path: string;
}

export interface ServerHumanSettings {
  sampling: SamplingPolicy;
  /** The person trusts this server's read-only annotations enough for `auto-read-only` mode. */
  autoApproveReadOnly: boolean;
  roots: RootEntry[];
}

export interface HumanSettings {
  approvalMode: ApprovalMode;
  /** Per server name; a server without an entry has the defaults (`sampling: 'ask'`, no auto-approval, no roots). */
  servers: Record<string, ServerHumanSettings>;
  /** What this host can do for the person; in browser mode the UI does these itself. */
  platform: {
    /** `roots.pickFolder` shows the system's folder picker (Electron). Otherwise the UI asks for a typed path. */
    pickFolder: boolean;
    /** The host opens accepted URLs in the system browser (Electron). Otherwise `consent.answer` returns `open`. */
    openExternal: boolean;
  };
}

export const DEFAULT_SERVER_HUMAN_SETTINGS: ServerHumanSettings = { sampling: 'ask', autoApproveReadOnly: false, roots: [] };
