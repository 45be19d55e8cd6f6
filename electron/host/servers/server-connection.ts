import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import {
  Client,
  LOG_LEVEL_META_KEY,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/client';
import type {
  CacheMode,
  CallToolResult,
  ClientCapabilities,
  DiscoverResult,
  GetPromptResult,
  Implementation,
  LoggingMessageNotification,
  McpSubscription,
  PriorDiscovery,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  ServerCapabilities,
  SubscriptionFilter,
  Tool,
  Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { HostError } from '../../../shared/api/host-error.ts';
import { redactUrlsIn } from '../../../shared/servers/redact-url.ts';
import type { ServerConfig, TransportKind } from '../../../shared/servers/server-config.ts';
import { isStdioConfig, transportOf } from '../../../shared/servers/server-config.ts';
import { callTimeoutsOf } from '../../../shared/servers/call-timeouts.ts';
import type { LeftOutTool, LogLevel, LogSource, ProtocolEra, ServerExit } from '../../../shared/servers/server-state.ts';
import { formatDuration, translateCallError } from './call-errors.ts';
import { callDeadline } from './calls/call-deadline.ts';
import type { DeadlineHit } from './calls/call-deadline.ts';
import { isLateProgress } from './calls/late-progress.ts';
import type { CallHolds } from './call-holds.ts';
import { ToolListScreen } from './catalog/tool-list-screen.ts';
import { LineSplitter } from './line-splitter.ts';
import { LaunchError, prepareStdioLaunch } from './stdio-launch.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, endStdioProcess } from './stdio-shutdown.ts';
import { declareModernCapabilities } from './start/era-capabilities.ts';
import { probeEraInPlace } from './start/era-probe.ts';
import { negotiationFor } from './start/revision-pin.ts';
import { describeOversize, StdoutWatch } from './stdout-watch.ts';
import { isRefusedAfterReauthorization, isSignInRequired } from './oauth/auth-errors.ts';
import { HttpRecovery, isDroppedStream } from './recovery/http-recovery.ts';
import { cappedFetch } from './http-limits/message-size-cap.ts';
import { DEFAULT_RECOVERY, goneBecause, LivenessWatch } from './recovery/liveness.ts';
import type { RecoveryOptions } from './recovery/liveness.ts';
import { isMethodNotFound } from './recovery/method-not-found.ts';
import { describeNetworkError, isNetworkFailure } from './recovery/network-errors.ts';
import { ConnectionTasks } from './tasks/connection-tasks.ts';
import { refusedForTask } from './tasks/task-support.ts';
import type { TaskInputAnswer, TaskUpdate } from './tasks/connection-tasks.ts';
import type { TransportAuth } from './oauth/server-oauth.ts';

export interface CatalogLists {
  tools: Tool[];
  /** Tools the server listed whose definitions could not be taken, each with why. */
  leftOutTools: LeftOutTool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplateType[];
  prompts: Prompt[];
}

export interface ConnectedInfo {
  /** What carries the connection: an `http` entry may have fallen back to `sse`. */
  transport: TransportKind;
  era: ProtocolEra;
  protocolVersion?: string;
  serverInfo?: Implementation;
  capabilities?: ServerCapabilities;
  instructions?: string;
  /** The verdict to remember for the next connect, when this connect had to probe for it. */
  verdict?: PriorDiscovery;
  catalog: CatalogLists;
  /** Earliest expiry (epoch ms) of the list results, when a server gave cache hints. */
  catalogExpiresAt?: number;
}

export interface ConnectionHooks {
  log(source: LogSource, level: LogLevel, text: string): void;
  /** A list changed on the server and was fetched again. */
  catalogChanged(lists: Partial<CatalogLists>): void;
  /** The connection went away without being asked to: a crash, or the remote end closing. */
  lost(reason: string, exit: ServerExit | undefined): void;
  /** A request was refused for want of a sign-in (401); `refused` when even the SDK's re-authorization did not help. */
  authRequired?(refused: boolean): void;
}

export interface ConnectionOptions {
  name: string;
  config: ServerConfig;
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  configureClient?: (client: Client, serverName: string, offered: ClientCapabilities) => void;
  /** `none`: for one tool call, list nothing up front and watch no list changes (StartScope.catalog). */
  catalog?: 'full' | 'none';
  connectTimeoutMs: number;
  probeTimeoutMs: number;
  /** A verdict to connect with. Without one a stdio server is probed on its own process, HTTP by the SDK. */
  prior?: PriorDiscovery;
  /** The prior was learnt on this start (the server died on the probe): remember it once connected. */
  priorIsNew?: boolean;
  loginShellPath?: string;
  /** Use the 2024-11-05 HTTP+SSE transport for an `http` entry, after Streamable HTTP was refused. */
  legacySse?: boolean;
  /** OAuth for an http or sse server (MCP Authorization). */
  auth?: TransportAuth;
  /** While this server is held (waiting on the person), the deadlines of its 2025-era tool calls stand still. */
  holds?: CallHolds;
  /** How long each step of the shutdown waits before the next, firmer one (default DEFAULT_SHUTDOWN_GRACE_MS). */
  shutdownGraceMs?: number;
  /** How a remote server is checked while idle (`recovery/liveness.ts`). */
  recovery?: Partial<RecoveryOptions>;
  /** The level the person chose for this server's log messages, read at each use; `info` without one. */
  logLevel?: () => LogLevel;
  hooks: ConnectionHooks;
}

export interface RequestControl {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ToolCallControl extends RequestControl {
  /** The most the call may run in all, progress or not (default: the server's `timeout.max`). */
  maxMs?: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** When the call runs as a task: each status it reports, and who answers what it asks (2026-07-28). */
  onTask?: (update: TaskUpdate) => void;
  taskInput?: TaskInputAnswer;
  traceContext?: TraceContextMeta;
}

/** `_meta` keys reserved for OpenTelemetry trace context (2026-07-28 Basic → General fields → `_meta`, SEP-414). */
export interface TraceContextMeta {
  traceparent: string;
  tracestate?: string;
}

export class ConnectError extends Error {
  readonly timedOut: boolean;
  /** The stdio server ended when asked `server/discover`: it needs a fresh process to be initialized. */
  readonly diedOnProbe: boolean;
  /** The command was not found on the PATH it was looked up in. */
  readonly commandNotFound: boolean;
  /** The HTTP status that refused the connection, when one did. */
  readonly httpStatus: number | undefined;
  /** `required`: the server wants a sign-in; `refused`: it refused the stored one even after re-authorization. */
  readonly auth: 'required' | 'refused' | undefined;
  constructor(
    message: string,
    options: { timedOut?: boolean; httpStatus?: number; auth?: 'required' | 'refused'; diedOnProbe?: boolean; commandNotFound?: boolean } = {},
  ) {
    super(message);
    this.name = 'ConnectError';
    this.timedOut = options.timedOut ?? false;
    this.diedOnProbe = options.diedOnProbe ?? false;
    this.commandNotFound = options.commandNotFound ?? false;
    this.httpStatus = options.httpStatus;
    this.auth = options.auth;
  }
}

/** The most setTimeout takes; the SDK's own timer is pushed out of the way of tool calls while ours (callDeadline) decides. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const STDERR_TAIL_LINES = 20;
const SERVER_LOG_LEVEL = 'info';
const MAX_SUBSCRIPTION_RENEWALS = 10;
const NO_LISTS: CatalogLists = { tools: [], leftOutTools: [], resources: [], resourceTemplates: [], prompts: [] };

/**
 * One life of one server: a fresh SDK client, its transport and (for stdio) its process, from connect to close.
 * A restart is a new ServerConnection; the manager owns what outlives it (status, log, catalog, backoff).
 */
export class ServerConnection {
  readonly name: string;
  readonly client: Client;
  private readonly options: ConnectionOptions;
  private readonly hooks: ConnectionHooks;
  private transport: Transport | undefined;
  private child: ChildProcess | undefined;
  private readonly stderrTail: string[] = [];
  private exitInfo: ServerExit | undefined;
  private connected = false;
  private closing = false;
  private closed: Promise<void> | undefined;
  private lostReason: string | undefined;
  private stoppedByHost = false;
  private capabilities: ServerCapabilities | undefined;
  private subscription: McpSubscription | undefined;
  private subscriptionRenewals = 0;
  private stdout: StdoutWatch | undefined;
  private liveness: LivenessWatch | undefined;
  private readonly toolScreen = new ToolListScreen();
  private readonly tasks: ConnectionTasks;
  /** Name → why, for the tools of the last listing that were left out. */
  private leftOutTools = new Map<string, string>();

  constructor(options: ConnectionOptions) {
    this.options = options;
    this.name = options.name;
    this.hooks = options.hooks;
    this.client = new Client(options.clientInfo, {
      capabilities: options.capabilities,
      ...negotiationFor(options.config, options.legacySse ?? false, options.probeTimeoutMs),
      // One handler set serves both eras: notifications on 2025 connections, `subscriptions/listen` on 2026 ones.
      listChanged: {
        tools: {
          onChanged: (error, tools) => this.listChanged('tools', error, () => this.screenTools(tools ?? [])),
        },
        prompts: { onChanged: (error, prompts) => this.listChanged('prompts', error, () => ({ prompts: prompts ?? [] })) },
        resources: {
          onChanged: (error, resources) => this.listChanged('resources', error, () => ({ resources: resources ?? [] })),
        },
      },
    });
    this.client.setNotificationHandler('notifications/message', (notification) => this.serverLog(notification));
    options.configureClient?.(this.client, options.name, options.capabilities);
    this.tasks = new ConnectionTasks(this.client, options.name, (level, text) => this.hooks.log('host', level, text));
  }

  get exit(): ServerExit | undefined {
    return this.exitInfo && { ...this.exitInfo, stderrTail: [...this.stderrTail] };
  }

  /** Connects, negotiates the era, fetches the catalog. Rejects with a ConnectError that says what went wrong. */
  async open(): Promise<ConnectedInfo> {
    const { config, connectTimeoutMs, prior } = this.options;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const abort = new AbortController();
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
        reject(new Error('connect timeout'));
      }, connectTimeoutMs);
    });
    // Raced at each step below; between steps nobody awaits it, and a late rejection must not go unhandled.
    deadline.catch(() => {});
    try {
      const transport = this.createTransport(config);
      this.toolScreen.attach(transport);
      this.tasks.attach(transport, () => this.lossDuringCall());
      declareModernCapabilities(transport, this.options.capabilities);
      if (transport instanceof StreamableHTTPClientTransport) {
        new HttpRecovery(transport, {
          log: (level, text) => this.hooks.log('host', level, text),
          sessionRenewed: () => void this.sessionRenewed(),
        });
      }
      this.transport = transport;
      this.client.onclose = () => this.onClosed();
      this.client.onerror = (error) => {
        if (!isLateProgress(error)) this.hooks.log('host', 'warning', `protocol: ${truncate(error.message, 1_000)}`);
      };
      let verdict: PriorDiscovery | undefined = this.options.priorIsNew ? prior : undefined;
      let connectWith = prior;
      if (!prior && isStdioConfig(config)) {
        verdict = await Promise.race([this.probeOnThisProcess(transport), deadline]);
        connectWith = verdict ?? { kind: 'legacy' };
        if (config.protocolVersion && connectWith.kind === 'legacy') {
          throw new ConnectError(`the server does not speak ${config.protocolVersion}, the protocolVersion its entry asks for`);
        }
      }
      await Promise.race([this.client.connect(transport, { prior: connectWith, signal: abort.signal, timeout: connectTimeoutMs }), deadline]);
      this.capabilities = this.client.getServerCapabilities();
      const era = this.client.getProtocolEra() ?? 'legacy';
      this.tasks.connected(era, this.capabilities, this.client.getNegotiatedProtocolVersion(), this.options.clientInfo, this.options.capabilities);
      this.hooks.log('lifecycle', 'info', `connected: ${era} era, protocol ${this.client.getNegotiatedProtocolVersion() ?? 'unknown'}`);
      const oneCall = this.options.catalog === 'none';
      if (era === 'modern' && !oneCall) {
        await Promise.race([this.listenForListChanges(this.client.autoOpenedSubscription), deadline]);
      }
      const { catalog, expiresAt } = oneCall ? { catalog: NO_LISTS, expiresAt: undefined } : await Promise.race([this.fetchCatalog('use'), deadline]);
      this.connected = true;
      // One call's server log and liveness go nowhere worth a round trip for (the CLI's `call` does not print them).
      if (!oneCall) {
        await this.adoptLogLevel();
        this.watchLiveness();
      }
      const discover: DiscoverResult | undefined = this.client.getDiscoverResult();
      return {
        transport: this.options.legacySse ? 'sse' : transportOf(config),
        era,
        protocolVersion: this.client.getNegotiatedProtocolVersion(),
        serverInfo: this.client.getServerVersion(),
        capabilities: this.capabilities,
        instructions: this.client.getInstructions(),
        verdict: connectWith
          ? verdict
          : era === 'modern' && discover
            ? { kind: 'modern', discover }
            : era === 'legacy'
              ? { kind: 'legacy' }
              : undefined,
        catalog,
        catalogExpiresAt: expiresAt,
      };
    } catch (error) {
      await this.close();
      throw this.describeConnectFailure(error, timedOut);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The era verdict from `server/discover` on the session's own process; undefined when the probe timed out,
   * which is no verdict: this start goes on with `initialize` and the next start probes again.
   */
  private async probeOnThisProcess(transport: Transport): Promise<PriorDiscovery | undefined> {
    const { clientInfo, capabilities, probeTimeoutMs } = this.options;
    const outcome = await probeEraInPlace(transport, { clientInfo, capabilities, timeoutMs: probeTimeoutMs });
    switch (outcome.kind) {
      case 'modern':
        return { kind: 'modern', discover: outcome.discover };
      case 'legacy':
        this.hooks.log('lifecycle', 'info', `${outcome.detail}: a 2025-era server; initializing it on the same process`);
        return { kind: 'legacy' };
      case 'timeout':
        this.hooks.log(
          'lifecycle',
          'warning',
          `no answer to server/discover within ${formatDuration(probeTimeoutMs)}; initializing it as a 2025-era server this time, and probing again at its next start`,
        );
        return undefined;
      case 'closed':
        throw new ConnectError(`the process ${this.describeLoss() ?? 'closed its output'} when asked server/discover`, { diedOnProbe: true });
    }
  }

  /**
   * Shuts the server down as the spec's lifecycle section says for each transport (Lifecycle → Shutdown): on
   * stdio close its input, wait, then SIGTERM, wait, then SIGKILL (`stdio-shutdown.ts`, with our grace rather
   * than the SDK's fixed one), and make sure the process is really gone. On Streamable HTTP a session, if the
   * server gave one, is ended with DELETE.
   */
  close(): Promise<void> {
    this.closed ??= this.shutdown();
    return this.closed;
  }

  /**
   * Rejects with a HostError, or with the SDK's UrlElicitationRequiredError (-32042), which the caller handles.
   * Always asks for progress: each notification restarts the call's idle limit, up to its total limit.
   */
  async callTool(tool: string, args: Record<string, unknown>, control: ToolCallControl = {}): Promise<CallToolResult> {
    const leftOut = this.leftOutTools.get(tool);
    if (leftOut !== undefined) throw new HostError('invalid_params', `server "${this.name}" lists tool "${tool}", but it was left out: ${leftOut}`);
    const configured = callTimeoutsOf(this.options.config.timeout);
    const idleMs = control.timeoutMs ?? configured.idleMs;
    const limits = { idleMs, maxMs: control.maxMs ?? Math.max(configured.maxMs, idleMs) };
    // A one-call connection lists nothing up front, and a 2025-era tool's task support is in its definition: it
    // is called plainly, and only when the server refuses it for want of a task are the tools listed and the call
    // made again as a task (Tasks → Tool-Level Negotiation: such a refusal is -32601, before the tool runs).
    const unlisted = this.options.catalog === 'none' && this.tasks.needsDefinition(tool);
    if (!unlisted && this.tasks.callsAsTask(tool)) return this.callAsTask(tool, args, control, limits);
    const plain = await this.callPlainly(tool, args, control, limits, unlisted);
    if (plain.kind === 'answered') return plain.result;
    await this.listToolsOnce(control.signal);
    if (this.tasks.callsAsTask(tool)) return this.callAsTask(tool, args, control, limits);
    return plain.answer();
  }

  private callAsTask(tool: string, args: Record<string, unknown>, control: ToolCallControl, limits: { idleMs: number; maxMs: number }): Promise<CallToolResult> {
    const { signal, onTask, taskInput: input, traceContext } = control;
    const held = this.options.holds && { holds: this.options.holds, server: this.name };
    return this.tasks.callTool(tool, args, { signal, limits, onTask, input, held, ...(traceContext ? { traceContext: { ...traceContext } } : {}) });
  }

  private async callPlainly(
    tool: string,
    args: Record<string, unknown>,
    control: ToolCallControl,
    limits: { idleMs: number; maxMs: number },
    watchForTaskRefusal: boolean,
  ): Promise<{ kind: 'answered'; result: CallToolResult } | { kind: 'refused'; answer: () => CallToolResult }> {
    // While the server waits on a person (inside the open call in 2025, between rounds in 2026-07-28) its limits stand still.
    const holds = this.options.holds;
    const expired = new AbortController();
    let hit: DeadlineHit | undefined;
    const deadline = callDeadline(
      limits,
      (which) => {
        hit = which;
        expired.abort(new DOMException('deadline', 'TimeoutError'));
      },
      holds && { holds, server: this.name },
    );
    try {
      const result = await this.client.callTool(
        { name: tool, arguments: args, ...this.requestMeta(control.traceContext) },
        {
          timeout: LONGEST_TIMER_MS,
          signal: control.signal ? AbortSignal.any([control.signal, expired.signal]) : expired.signal,
          // Giving a progress callback makes the SDK send a progressToken (Utilities → Progress).
          onprogress: (progress) => {
            deadline.progressed();
            control.onProgress?.({ progress: progress.progress, total: progress.total, message: progress.message });
          },
        },
      );
      if (watchForTaskRefusal && refusedForTask(result)) return { kind: 'refused', answer: () => result };
      return { kind: 'answered', result };
    } catch (error) {
      if (error instanceof UrlElicitationRequiredError) throw error;
      if (watchForTaskRefusal && !hit && refusedForTask(error)) {
        const failure = this.translate(error, `tool "${tool}"`, limits.idleMs, control.signal);
        return {
          kind: 'refused',
          answer: () => {
            throw failure;
          },
        };
      }
      if (hit && !control.signal?.aborted) {
        const limit = hit === 'idle' ? `no progress for ${formatDuration(limits.idleMs)}` : `ran longer than ${formatDuration(limits.maxMs)}`;
        throw new HostError('timeout', `tool "${tool}" on server "${this.name}" timed out: ${limit}`);
      }
      throw this.translate(error, `tool "${tool}"`, limits.idleMs, control.signal);
    } finally {
      deadline.dispose();
    }
  }

  private async listToolsOnce(signal: AbortSignal | undefined): Promise<void> {
    let tools: Tool[];
    try {
      // Without a cursor the SDK follows every page.
      ({ tools } = await this.client.listTools(undefined, { signal }));
    } catch (error) {
      throw this.translate(error, 'tools/list', callTimeoutsOf(this.options.config.timeout).idleMs, signal);
    }
    this.screenTools(tools);
  }

  async readResource(uri: string, control: RequestControl = {}): Promise<ReadResourceResult> {
    const timeoutMs = control.timeoutMs ?? callTimeoutsOf(this.options.config.timeout).idleMs;
    try {
      return await this.client.readResource({ uri, ...this.requestMeta() }, { timeout: timeoutMs, signal: control.signal });
    } catch (error) {
      throw this.translate(error, `resource ${uri}`, timeoutMs, control.signal);
    }
  }

  async getPrompt(name: string, args: Record<string, string> | undefined, control: RequestControl = {}): Promise<GetPromptResult> {
    const timeoutMs = control.timeoutMs ?? callTimeoutsOf(this.options.config.timeout).idleMs;
    try {
      return await this.client.getPrompt({ name, arguments: args, ...this.requestMeta() }, { timeout: timeoutMs, signal: control.signal });
    } catch (error) {
      throw this.translate(error, `prompt "${name}"`, timeoutMs, control.signal);
    }
  }

  /** Lists every page of what the server advertises. `refresh` bypasses the SDK's TTL cache. */
  async fetchCatalog(cacheMode: CacheMode): Promise<{ catalog: CatalogLists; expiresAt?: number }> {
    const capabilities = this.capabilities ?? {};
    const expiries: number[] = [];
    const note = <T extends object>(result: T): T => {
      const ttlMs = (result as { ttlMs?: unknown }).ttlMs;
      if (typeof ttlMs === 'number' && ttlMs > 0) expiries.push(Date.now() + ttlMs);
      return result;
    };
    const none = Promise.resolve([]);
    const [tools, resources, resourceTemplates, prompts] = await Promise.all([
      capabilities.tools
        ? this.optionalList('tools/list', () => this.client.listTools(undefined, { cacheMode }).then((r) => note(r).tools))
        : none,
      capabilities.resources
        ? this.optionalList('resources/list', () => this.client.listResources(undefined, { cacheMode }).then((r) => note(r).resources))
        : none,
      capabilities.resources
        ? this.optionalList('resources/templates/list', () =>
            this.client.listResourceTemplates(undefined, { cacheMode }).then((r) => note(r).resourceTemplates),
          )
        : none,
      capabilities.prompts
        ? this.optionalList('prompts/list', () => this.client.listPrompts(undefined, { cacheMode }).then((r) => note(r).prompts))
        : none,
    ]);
    const listed = capabilities.tools ? this.screenTools(tools) : { tools, leftOutTools: [] };
    return { catalog: { ...listed, resources, resourceTemplates, prompts }, expiresAt: expiries.length ? Math.min(...expiries) : undefined };
  }

  /** The screen's verdicts plus the tools that must run as tasks on a connection that cannot do them. */
  private screenTools(listed: Tool[]): { tools: Tool[]; leftOutTools: LeftOutTool[] } {
    const { tools, leftOut } = this.tasks.screen(listed);
    return { tools, leftOutTools: this.noteLeftOutTools(leftOut) };
  }

  /** What the latest tool listing left out; logged when a tool is newly left out or for another reason. */
  private noteLeftOutTools(alsoLeftOut: LeftOutTool[] = []): LeftOutTool[] {
    const leftOut = [...this.toolScreen.leftOut(), ...alsoLeftOut];
    const reasons = new Map(leftOut.map((entry) => [entry.name, entry.reason]));
    for (const [name, reason] of reasons) {
      if (this.leftOutTools.get(name) !== reason) this.hooks.log('host', 'warning', `left out tool "${truncate(name, 200)}": ${reason}`);
    }
    this.leftOutTools = reasons;
    return leftOut;
  }

  /** Some servers advertise a capability and still lack one of its list methods; that list is empty, not fatal. */
  private async optionalList<T>(method: string, list: () => Promise<T[]>): Promise<T[]> {
    try {
      return await list();
    } catch (error) {
      if (isMethodNotFound(error)) {
        this.hooks.log('host', 'warning', `the server advertises ${method.split('/')[0]} but does not implement ${method}`);
        return [];
      }
      throw error;
    }
  }

  private createTransport(config: ServerConfig): Transport {
    if (isStdioConfig(config)) {
      const parameters = prepareStdioLaunch(config, this.options.loginShellPath);
      const transport = new StdioClientTransport(parameters);
      const stderr = transport.stderr as Readable | null;
      if (stderr) {
        stderr.setEncoding('utf8');
        const lines = new LineSplitter((line) => this.stderrLine(line));
        stderr.on('data', (chunk: string) => lines.push(chunk));
        stderr.on('end', () => lines.end());
      }
      // The transport spawns inside start(); wrap it on this instance to learn the child's pid, exit status and
      // stray stdout.
      const start = transport.start.bind(transport);
      transport.start = async () => {
        await start();
        const child = spawnedChild(transport);
        if (child) this.adoptChild(child);
      };
      return transport;
    }
    const url = new URL(config.url);
    const requestInit: RequestInit = config.headers ? { headers: { ...config.headers } } : {};
    const auth = this.options.auth ? { authProvider: this.options.auth.provider } : {};
    const fetch = cappedFetch(this.options.auth?.fetch ?? globalThis.fetch);
    if (transportOf(config) === 'sse' || this.options.legacySse) return new SSEClientTransport(url, { requestInit, fetch, ...auth });
    return new StreamableHTTPClientTransport(url, { requestInit, fetch, ...auth });
  }

  private adoptChild(child: ChildProcess): void {
    this.child = child;
    this.hooks.log('lifecycle', 'info', `started process ${child.pid}`);
    child.once('exit', (code, signal) => {
      this.exitInfo = { code, signal, stderrTail: [], at: Date.now() };
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      this.hooks.log('lifecycle', this.closing || code === 0 ? 'info' : 'error', `process ${child.pid} ${how}`);
    });
    // The SDK skips stdout lines that are not JSON and reports JSON that is not JSON-RPC through onerror; either
    // way the connection survives. Show the skipped lines too, so a server printing to stdout can be diagnosed.
    const stdout = child.stdout;
    if (stdout) {
      const watch = new StdoutWatch((line) => this.hooks.log('host', 'warning', `ignored a stdout line that is not JSON-RPC: ${line}`));
      this.stdout = watch;
      stdout.on('data', (chunk: Buffer) => watch.push(chunk));
    }
  }

  private stderrLine(line: string): void {
    this.stderrTail.push(line);
    if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
    this.hooks.log('stderr', 'info', line);
  }

  private serverLog(notification: LoggingMessageNotification): void {
    const { level, logger, data } = notification.params;
    const text = typeof data === 'string' ? data : safeJson(data);
    this.hooks.log('server', level as LogLevel, truncate(logger ? `[${logger}] ${text}` : text, 8_192));
  }

  /**
   * 2026-07-28 has no session to hold a log level: each request carries the level it wants log notifications
   * for in `_meta` (Utilities → Logging). A traced tool call adds its trace context in either era: 2025-11-25
   * allows unprefixed `_meta` names and 2026-07-28 reserves these for it (Basic → General fields → `_meta`,
   * SEP-414). Other 2025-era requests stay byte-identical; there the level is set once.
   */
  private requestMeta(traceContext?: TraceContextMeta): { _meta?: Record<string, unknown> } {
    const logLevel = this.client.getProtocolEra() === 'modern' && this.capabilities?.logging ? { [LOG_LEVEL_META_KEY]: this.logLevel } : undefined;
    if (!logLevel && !traceContext) return {};
    return { _meta: { ...logLevel, ...traceContext } };
  }

  private get logLevel(): LogLevel {
    return this.options.logLevel?.() ?? SERVER_LOG_LEVEL;
  }

  /** Asks a 2025-era server for info and above when it offers MCP logging (Server Features → Logging). */
  private async adoptLogLevel(): Promise<void> {
    if (!this.capabilities?.logging || this.client.getProtocolEra() === 'modern') return;
    try {
      await this.client.setLoggingLevel(this.logLevel, { timeout: 5_000 });
    } catch (error) {
      this.hooks.log('host', 'debug', `logging/setLevel was not accepted: ${(error as Error).message}`);
    }
  }

  private listChanged(list: string, error: Error | null, lists: () => Partial<CatalogLists>): void {
    if (this.closing || !this.connected) return;
    if (error) {
      this.hooks.log('host', 'warning', `refreshing ${list} after a list-changed notification failed: ${error.message}`);
      return;
    }
    this.hooks.log('host', 'debug', `${list} changed; refreshed`);
    const changed = lists();
    if (list !== 'resources') {
      this.hooks.catalogChanged(changed);
      return;
    }
    // Templates have no notification of their own; a changed resource list is the hint to fetch them again.
    this.client
      .listResourceTemplates(undefined, { cacheMode: 'refresh' })
      .then((result) => this.hooks.catalogChanged({ ...changed, resourceTemplates: result.resourceTemplates }))
      .catch(() => this.hooks.catalogChanged(changed));
  }

  /**
   * 2026-07-28 delivers list-changed notifications only on a `subscriptions/listen` stream. The SDK opens one
   * after probing, but not when connecting from a remembered verdict, and never renews one the server ended;
   * both are done here. Changes missed while no stream was open are caught by listing again.
   */
  private async listenForListChanges(existing: McpSubscription | undefined): Promise<void> {
    let subscription = existing;
    if (!subscription) {
      const filter = listChangedFilter(this.capabilities);
      if (!filter) return;
      try {
        subscription = await this.client.listen(filter, { timeout: 10_000 });
      } catch (error) {
        this.hooks.log('host', 'warning', `could not subscribe to list changes: ${(error as Error).message}`);
        return;
      }
    }
    this.subscription = subscription;
    void subscription.closed.then((how) => {
      if (how !== 'remote' || this.closing || this.subscription !== subscription) return;
      if (++this.subscriptionRenewals > MAX_SUBSCRIPTION_RENEWALS) {
        this.hooks.log('host', 'warning', 'the server keeps ending the list-changed subscription; no longer renewing it');
        return;
      }
      this.hooks.log('host', 'info', 'the server ended the list-changed subscription; renewing it');
      setTimeout(() => void this.renewSubscription(), 1_000).unref();
    });
  }

  private async renewSubscription(): Promise<void> {
    if (this.closing) return;
    await this.listenForListChanges(undefined);
    if (this.closing || !this.connected) return;
    try {
      const { catalog } = await this.fetchCatalog('refresh');
      if (!this.closing) this.hooks.catalogChanged(catalog);
    } catch (error) {
      this.hooks.log('host', 'warning', `listing again after renewing the subscription failed: ${(error as Error).message}`);
    }
  }

  /**
   * A remote server is checked while the connection lasts: `ping` on 2025-era connections, `server/discover` on
   * 2026-07-28 ones (which have no session to ping). One that is gone is reported lost, so the manager reconnects
   * with its backoff.
   */
  private watchLiveness(): void {
    if (isStdioConfig(this.options.config)) return;
    const { livenessIntervalMs, livenessTimeoutMs } = { ...DEFAULT_RECOVERY, ...this.options.recovery };
    const options = { timeout: livenessTimeoutMs };
    const check = async () => {
      if (this.client.getProtocolEra() === 'modern') await this.client.discover(options);
      else await this.client.ping(options);
    };
    this.liveness = new LivenessWatch(livenessIntervalMs, check, (error) => {
      const gone = this.closing || !this.connected ? undefined : goneBecause(error, livenessTimeoutMs);
      if (gone) this.lostRemote(gone);
      return gone !== undefined;
    });
    this.liveness.start();
  }

  /** A new 2025-era session holds none of the old one's state: the log level is set again and the lists fetched. */
  private async sessionRenewed(): Promise<void> {
    if (this.closing || !this.connected) return;
    await this.adoptLogLevel();
    try {
      const { catalog } = await this.fetchCatalog('refresh');
      if (!this.closing) this.hooks.catalogChanged(catalog);
    } catch (error) {
      this.hooks.log('host', 'warning', `listing again after a new session failed: ${(error as Error).message}`);
    }
  }

  private onClosed(): void {
    if (this.closing) return;
    this.closing = true;
    this.lostReason = 'closed the connection';
    // The last stderr lines may still be in the pipe when the transport reports the close.
    setImmediate(() => {
      if (this.connected) this.hooks.lost(this.describeLoss() ?? 'closed the connection', this.exit);
      void this.close();
    });
  }

  /**
   * HTTP has no process to watch: a request that cannot reach the server is how its loss shows. Treat it like a
   * crash, so the manager reconnects with backoff instead of reporting "connected" for a server that is gone.
   */
  private unreachable(detail: string): void {
    this.lostRemote(`could not be reached (${detail})`);
  }

  private lostRemote(reason: string): void {
    this.closing = true;
    this.lostReason = reason;
    this.hooks.lost(reason, undefined);
    void this.close();
  }

  /** A message over the size limit makes the SDK close the transport; that, not the signal that followed, is why. */
  private describeLoss(): string | undefined {
    const oversize = this.stdout?.oversize;
    return oversize ? describeOversize(oversize) : this.describeExit();
  }

  private describeExit(): string | undefined {
    if (!this.exitInfo) return undefined;
    const { code, signal } = this.exitInfo;
    return signal ? `was killed by ${signal}` : `exited with code ${code}`;
  }

  private lastStderrLine(): string | undefined {
    for (let index = this.stderrTail.length - 1; index >= 0; index--) {
      const line = this.stderrTail[index].trim();
      if (line !== '') return line;
    }
    return undefined;
  }

  private describeConnectFailure(error: unknown, timedOut: boolean): ConnectError {
    if (error instanceof ConnectError) return error;
    if (!timedOut && isSignInRequired(error)) {
      const refused = isRefusedAfterReauthorization(error);
      return new ConnectError(refused ? 'the server refused the stored sign-in; sign in again' : 'the server asks you to sign in (HTTP 401)', {
        auth: refused ? 'refused' : 'required',
      });
    }
    const detail = error instanceof Error ? error.message : String(error);
    if (timedOut) {
      return new ConnectError(`did not finish connecting within ${formatDuration(this.options.connectTimeoutMs)}`, { timedOut: true });
    }
    const exit = this.describeLoss();
    if (exit) {
      const stderr = this.lastStderrLine();
      return new ConnectError(`the process ${exit} before the MCP handshake finished${stderr ? `: ${truncate(stderr, 300)}` : ''}`);
    }
    if (error instanceof LaunchError) return new ConnectError(detail, { commandNotFound: error.commandNotFound });
    if (!isStdioConfig(this.options.config)) {
      const httpStatus = error instanceof SdkHttpError ? error.status : undefined;
      return new ConnectError(redactUrlsIn(`could not connect to ${this.options.config.url}: ${describeNetworkError(error)}`), { httpStatus });
    }
    return new ConnectError(detail);
  }

  private translate(error: unknown, subject: string, timeoutMs: number, signal: AbortSignal | undefined): Error {
    if (isSignInRequired(error) && this.connected && !this.closing) {
      this.hooks.authRequired?.(isRefusedAfterReauthorization(error));
      return new HostError('unauthorized', `server "${this.name}" refused ${subject}: sign in to it again`);
    }
    if (!isStdioConfig(this.options.config) && this.connected && !this.closing && isNetworkFailure(error)) {
      this.unreachable(describeNetworkError(error));
    }
    if (isDroppedStream(error) && !this.lossDuringCall()) {
      return new HostError('server_unavailable', `the connection to server "${this.name}" dropped before it answered ${subject}`);
    }
    return translateCallError(error, { server: this.name, subject, timeoutMs, signal, lostConnection: () => this.lossDuringCall() });
  }

  /** Why the connection is gone, if it is: the process exit (reported before the transport closes) or our own stop. */
  private lossDuringCall(): string | undefined {
    if (this.stoppedByHost) return 'was stopped';
    return this.describeLoss() ?? this.lostReason;
  }

  private async shutdown(): Promise<void> {
    if (!this.closing) this.stoppedByHost = true;
    this.closing = true;
    const transport = this.transport;
    const subscription = this.subscription;
    this.subscription = undefined;
    const graceMs = this.options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    this.liveness?.stop();
    if (subscription) await withTimeout(subscription.close(), graceMs).catch(() => {});
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined && this.connected) {
      await withTimeout(transport.terminateSession(), graceMs).catch(() => {});
    }
    if (this.child) await endStdioProcess(this.child, graceMs, (text) => this.hooks.log('lifecycle', 'warning', text));
    await this.client.close().catch(() => {});
    await transport?.close().catch(() => {});
    await this.ensureProcessGone();
  }

  private async ensureProcessGone(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await withTimeout(exited, DEFAULT_SHUTDOWN_GRACE_MS).catch(() => {});
    }
    if (isAlive(child.pid)) this.hooks.log('host', 'error', `process ${child.pid} is still running after SIGKILL`);
  }
}

/** The child the SDK's stdio transport spawned. It is private there; reading it is the only way to its exit status. */
function spawnedChild(transport: StdioClientTransport): ChildProcess | undefined {
  const candidate = (transport as unknown as { _process?: unknown })._process;
  return candidate && typeof candidate === 'object' && 'once' in candidate ? (candidate as ChildProcess) : undefined;
}

function listChangedFilter(capabilities: ServerCapabilities | undefined): SubscriptionFilter | undefined {
  const filter: SubscriptionFilter = {
    ...(capabilities?.tools?.listChanged ? { toolsListChanged: true } : {}),
    ...(capabilities?.prompts?.listChanged ? { promptsListChanged: true } : {}),
    ...(capabilities?.resources?.listChanged ? { resourcesListChanged: true } : {}),
  };
  return Object.keys(filter).length > 0 ? filter : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
