import type {
  CallToolResult,
  Icon,
  Implementation,
  Prompt,
  Resource,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
import type { TransportKind } from './server-config.ts';

/**
 * `awaiting-trust`: not started, waiting for the person to answer its `server-trust` request (a new server, or
 * one whose launch changed). `untrusted`: the person declined; it stays stopped until trusted from the
 * servers view (`servers.trust`). `reason` says which.
 * `needs-auth`: a remote server answered 401 (MCP Authorization) and no stored token or refresh got past it; it
 * waits, without retrying, until the person signs in (`servers.signIn`). `auth` says where and how far.
 */
export type ServerStatus =
  | 'disabled'
  | 'connecting'
  | 'connected'
  | 'error'
  | 'crashed'
  | 'stopped'
  | 'awaiting-trust'
  | 'untrusted'
  | 'needs-auth';

/** `modern` speaks the stateless 2026-07-28 revision; `legacy` the 2025-era `initialize` handshake. */
export type ProtocolEra = 'modern' | 'legacy';

export interface ServerExit {
  code: number | null;
  signal: string | null;
  /** The last lines the process wrote to stderr before it went away. */
  stderrTail: string[];
  at: number;
}

export interface RestartPlan {
  /** Consecutive failed starts since the last successful connection. */
  attempt: number;
  /** When the next automatic start is due (epoch ms), if one is scheduled. */
  nextAt?: number;
  gaveUp: boolean;
}

export type LaunchSummary =
  | { transport: 'stdio'; command: string; args: string[]; cwd?: string; envKeys: string[] }
  | { transport: 'http' | 'sse'; url: string; headerKeys: string[] };

export interface CatalogCounts {
  tools: number;
  resources: number;
  resourceTemplates: number;
  prompts: number;
}

export interface ServerState {
  name: string;
  transport: TransportKind;
  status: ServerStatus;
  /** Why the server is in `error`, `crashed` or `stopped`; for a config entry that failed validation, the precise problem. */
  reason?: string;
  launch?: LaunchSummary;
  era?: ProtocolEra;
  protocolVersion?: string;
  serverInfo?: Implementation;
  capabilities?: ServerCapabilities;
  instructions?: string;
  counts: CatalogCounts;
  /** Tools switched off for the model: the whole server, or single tools. */
  toolsEnabled: boolean;
  exit?: ServerExit;
  restart?: RestartPlan;
  connectedAt?: number;
  /** Whether the person trusts this launch (command, args, cwd, env / URL, header names). */
  trust?: ServerTrust;
  /** OAuth sign-in, for a remote server that asked for it or has credentials stored. Never holds a token. */
  auth?: ServerAuth;
}

export interface ServerAuth {
  /** Tokens are stored for the server's current URL; they may have expired, and the host refreshes them when it can. */
  signedIn: boolean;
  /**
   * While a sign-in runs: `consent` waits for the person to allow opening the sign-in page (an `open-url`
   * request), `browser` for the browser to come back to Switchboard.
   */
  signingIn?: 'consent' | 'browser';
  /** The authorization server's issuer, once discovered: where the person signs in. */
  authorizationServer?: string;
  /** The client ID the person configured (`servers.setOAuthClient`); absent when Switchboard registers itself. */
  clientId?: string;
  /** Who the person is signed in as, where the authorization server says (an OpenID Connect ID token's claims). */
  account?: string;
  /**
   * The authorization server takes neither a client ID metadata document nor registration: the person enters a
   * client registered there by hand (`servers.setOAuthClient`), with `redirectUri`.
   */
  needsClient?: boolean;
  /** The redirect URI to register: the loopback callback, any port (RFC 8252 § 7.3). */
  redirectUri: string;
}

export interface ServerTrust {
  trusted: boolean;
  /** The launch fingerprint trust is stored against. */
  fingerprint: string;
  /** The open `server-trust` consent request, while one is. */
  requestId?: string;
}

export interface ToolEntry extends Tool {
  enabled: boolean;
}

export interface ResourceTemplateEntry {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
}

/** A tool the server listed that Switchboard left out: never offered to the model, never called. */
export interface LeftOutTool {
  name: string;
  reason: string;
}

export interface ServerCatalog {
  server: string;
  tools: ToolEntry[];
  /** Listed by the server but left out, each with why; absent when none was. */
  leftOutTools?: LeftOutTool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplateEntry[];
  prompts: Prompt[];
  /** Epoch ms of the last successful refresh; 0 before the first. */
  updatedAt: number;
}

export type LogSource = 'stderr' | 'lifecycle' | 'server' | 'host';
export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

export interface LogEntry {
  server: string;
  /** Increases by one per entry per server, so a mirror can tell what it missed. */
  seq: number;
  time: number;
  source: LogSource;
  level: LogLevel;
  text: string;
}

/** One `notifications/progress` for a tool call in flight (Utilities → Progress); shown, never stored. */
export interface ToolCallProgress {
  server: string;
  tool: string;
  /** The Run tool call it belongs to, as the caller named it. */
  callId?: string;
  conversationId?: string;
  toolCallId?: string;
  progress: number;
  total?: number;
  message?: string;
}

export interface ToolCallOutcome {
  server: string;
  tool: string;
  durationMs: number;
  result: CallToolResult;
}
