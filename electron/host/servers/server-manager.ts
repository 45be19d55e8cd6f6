import { UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import type {
  Client,
  ClientCapabilities,
  GetPromptResult,
  Implementation,
  PriorDiscovery,
  ReadResourceResult,
} from '@modelcontextprotocol/client';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ConfigSnapshot } from '../../../shared/api/servers-api.ts';
import type { ConsentContext } from '../../../shared/consent/consent-types.ts';
import { guessTransport, summarizeLaunch } from '../../../shared/servers/launch-summary.ts';
import { isStdioConfig, parseServerEntry, serverNameSchema, transportOf } from '../../../shared/servers/server-config.ts';
import type { ParsedConfigFile, ServerConfig } from '../../../shared/servers/server-config.ts';
import type {
  LogEntry,
  LogLevel,
  LogSource,
  RestartPlan,
  ServerCatalog,
  ServerExit,
  ServerState,
  ServerStatus,
  ServerTrust,
  ToolCallOutcome,
} from '../../../shared/servers/server-state.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { SettingsStore } from '../store/database.ts';
import { formatDuration } from './call-errors.ts';
import { canonicalJson } from './canonical-json.ts';
import { catalogView, EMPTY_LISTS } from './catalog/catalog-view.ts';
import { McpConfigFile } from './config-file.ts';
import type { ConfigReload } from './config-file.ts';
import { EraVerdicts } from './era-verdicts.ts';
import { MAX_URL_ELICITATION_RETRIES } from './human-hooks.ts';
import type { ServerHumanHooks } from './human-hooks.ts';
import { LogRing, DEFAULT_LOG_CAPACITY } from './log-ring.ts';
import { readLoginShellPath } from './login-shell-path.ts';
import { DEFAULT_RESTART_POLICY, restartDelayMs } from './restart-policy.ts';
import type { RestartPolicy } from './restart-policy.ts';
import { ConnectError, ServerConnection } from './server-connection.ts';
import type { CatalogLists, ConnectedInfo, ToolCallControl } from './server-connection.ts';
import type { ServerOAuth } from './oauth/server-oauth.ts';
import { keepStoredValues } from './stored-values.ts';
import { ToolSwitches } from './tool-switches.ts';

export interface ServerManagerOptions {
  configPath: string;
  events: HostEventBus;
  settings: SettingsStore;
  clientInfo?: Implementation;
  /** The login shell's PATH for stdio servers; tests pass their own instead of running `$SHELL -ilc`. */
  loginShellPath?: () => Promise<string | undefined>;
  /**
   * Capabilities the host advertises to every server. Only what is implemented: the consent work adds
   * elicitation, sampling and roots together with their handlers.
   */
  clientCapabilities?: ClientCapabilities;
  /** Called for every new SDK client before it connects: the place to register request handlers. */
  configureClient?: (client: Client, serverName: string) => void;
  /** Trust before a start, deadlines that wait for the person, the -32042 URL step (the human-in-the-loop layer). */
  human?: ServerHumanHooks;
  /** How long a server gets to finish the handshake and its first listing. */
  connectTimeoutMs?: number;
  /**
   * How long the era probe (`server/discover`) waits before a stdio server counts as 2025-era. Generous on
   * purpose: a 2026 server that starts slowly (a cold `npx`, a loaded machine) would otherwise be taken for a
   * 2025 one, and that verdict is remembered. Only the first connection of a server pays for it.
   */
  probeTimeoutMs?: number;
  restartPolicy?: Partial<RestartPolicy>;
  /** OAuth sign-in for remote servers (MCP Authorization); without it a 401 is a connect error like any other. */
  oauth?: ServerOAuth;
  configDebounceMs?: number;
  logCapacity?: number;
  /** Start only these servers; the others are listed but left stopped (`switchboard call` needs just one). */
  only?: readonly string[];
  /** Passed to each connection: how long each shutdown step waits (one-shot CLI commands shorten it). */
  shutdownGraceMs?: number;
}

export interface CallToolOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** The chat turn and tool call behind this call, for questions the server asks while it runs. */
  context?: ConsentContext;
}

const DEFAULT_CLIENT_INFO: Implementation = { name: 'switchboard', version: '0.1.0' };

interface ManagedServer {
  name: string;
  raw: unknown;
  rawKey: string;
  config?: ServerConfig;
  status: ServerStatus;
  reason?: string;
  connection?: ServerConnection;
  info?: Omit<ConnectedInfo, 'catalog' | 'verdict' | 'catalogExpiresAt'>;
  lists: CatalogLists;
  catalogUpdatedAt: number;
  catalogExpiresAt?: number;
  catalogRefreshing?: boolean;
  exit?: ServerExit;
  restartAttempt: number;
  restartNextAt?: number;
  gaveUp: boolean;
  restartTimer?: NodeJS.Timeout;
  stableTimer?: NodeJS.Timeout;
  /** Bumped by every start and stop, so an attempt that was overtaken drops its result. */
  generation: number;
  connectedAt?: number;
  log: LogRing;
  trust?: ServerTrust;
  /** Closes the open trust question when the server is stopped, changed or removed meanwhile. */
  trustQuestion?: AbortController;
}

interface Opened {
  connection: ServerConnection;
  info: ConnectedInfo;
}

let sharedLoginShellPath: Promise<string | undefined> | undefined;

/**
 * Every configured MCP server: one SDK client each, started in parallel, kept in step with `mcp.json`,
 * restarted after crashes, and reported to the UI through the host event bus.
 */
export class ServerManager {
  private readonly events: HostEventBus;
  private readonly config: McpConfigFile;
  private readonly eras: EraVerdicts;
  private readonly switches: ToolSwitches;
  private readonly options: ServerManagerOptions;
  private readonly restartPolicy: RestartPolicy;
  private readonly connectTimeoutMs: number;
  private readonly probeTimeoutMs: number;
  private servers = new Map<string, ManagedServer>();
  private loginShellPath: Promise<string | undefined> | undefined;
  private started = false;
  private closed = false;
  private readonly settleWaiters = new Set<() => void>();
  private readonly signIns = new Map<string, Promise<ServerState>>();
  private readonly callsInFlight = new Map<string, Set<ConsentContext | undefined>>();

  constructor(options: ServerManagerOptions) {
    this.options = options;
    this.events = options.events;
    this.eras = new EraVerdicts(options.settings);
    this.switches = new ToolSwitches(options.settings);
    this.restartPolicy = { ...DEFAULT_RESTART_POLICY, ...options.restartPolicy };
    this.connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
    this.probeTimeoutMs = Math.min(options.probeTimeoutMs ?? 10_000, this.connectTimeoutMs);
    this.config = new McpConfigFile(options.configPath, {
      debounceMs: options.configDebounceMs,
      onReload: (reload) => this.configReloaded(reload),
      onWatchError: (message) => process.emitWarning(message),
    });
    if (options.oauth) options.oauth.onChange = () => this.emitChanged();
  }

  /** Reads mcp.json, watches it, and begins connecting every enabled server without waiting for any of them. */
  async start(): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    let reload: ConfigReload;
    try {
      reload = await this.config.load();
    } catch (error) {
      reload = { kind: 'broken', fileError: `cannot read ${this.config.path}: ${(error as Error).message}` };
    }
    this.config.startWatching();
    if (reload.kind === 'broken') process.emitWarning(`${reload.fileError}; starting without servers until it is fixed`);
    this.reconcile(this.config.current());
    this.events.emit('servers.configChanged', this.config.snapshot());
  }

  /** Resolves once no server is connecting, or when the timeout passes, with every server's state. */
  settled(timeoutMs = 60_000): Promise<ServerState[]> {
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.settleWaiters.delete(check);
        resolve(this.list());
      };
      const check = (): void => {
        if (this.closed || ![...this.servers.values()].some((server) => server.status === 'connecting')) finish();
      };
      const timer = setTimeout(finish, timeoutMs);
      this.settleWaiters.add(check);
      check();
    });
  }

  list(): ServerState[] {
    return [...this.servers.values()].map((server) => this.stateOf(server));
  }

  get(name: string): ServerState | undefined {
    const server = this.servers.get(name);
    return server && this.stateOf(server);
  }

  catalog(name: string): ServerCatalog {
    const server = this.require(name);
    this.refreshExpiredCatalog(server);
    return this.catalogOf(server);
  }

  logs(name: string): LogEntry[] {
    return this.require(name).log.list();
  }

  configSnapshot(): ConfigSnapshot {
    return this.config.snapshot();
  }

  /** A line in the server's log from the host's side (a question declined unasked, a browser that would not open). */
  note(name: string, level: LogLevel, text: string): void {
    const server = this.servers.get(name);
    if (server) this.log(server, 'host', level, text);
  }

  client(name: string): Client | undefined {
    const server = this.servers.get(name);
    return server?.status === 'connected' ? server.connection?.client : undefined;
  }

  async callTool(server: string, tool: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallOutcome> {
    this.connected(server);
    const started = performance.now();
    const control: ToolCallControl = { timeoutMs: options.timeoutMs, signal: options.signal, onProgress: options.onProgress };
    const calls = this.callsInFlight.get(server) ?? new Set();
    this.callsInFlight.set(server, calls);
    // A wrapper per call, so two calls with the same context object are still two entries.
    const entry = options.context && { ...options.context };
    calls.add(entry);
    try {
      for (let retries = 0; ; retries++) {
        try {
          const result = await this.connected(server).callTool(tool, args, control);
          return { server, tool, durationMs: Math.round(performance.now() - started), result };
        } catch (error) {
          if (!(error instanceof UrlElicitationRequiredError)) throw error;
          const retry =
            retries < MAX_URL_ELICITATION_RETRIES &&
            (await this.options.human?.urlElicitationRequired?.(server, error.elicitations, { context: options.context, signal: options.signal }));
          if (!retry) throw new HostError('request_failed', `tool "${tool}" on server "${server}" needs a step in the browser first: ${error.message}`);
        }
      }
    } finally {
      calls.delete(entry);
      if (calls.size === 0) this.callsInFlight.delete(server);
    }
  }

  /**
   * What a question from this server is about: on 2025-era stdio nothing ties a server's request to the call
   * it belongs to, so it is the one call in flight when there is one, or the conversation all of them share.
   */
  callContext(server: string): ConsentContext | undefined {
    const contexts = [...(this.callsInFlight.get(server) ?? [])];
    if (contexts.length === 0 || contexts.some((context) => context === undefined)) return contexts.length === 1 ? contexts[0] : undefined;
    if (contexts.length === 1) return { ...contexts[0] };
    const conversations = new Set(contexts.map((context) => context!.conversationId));
    const [conversationId] = conversations;
    return conversations.size === 1 && conversationId !== undefined ? { conversationId } : undefined;
  }

  async readResource(server: string, uri: string): Promise<ReadResourceResult> {
    return this.connected(server).readResource(uri);
  }

  async getPrompt(server: string, name: string, args?: Record<string, string>): Promise<GetPromptResult> {
    return this.connected(server).getPrompt(name, args);
  }

  /** Stops and starts the server now; always allowed, and forgets earlier failed automatic restarts. */
  async restart(name: string): Promise<ServerState> {
    const server = this.require(name);
    if (!server.config) return this.stateOf(server);
    if (server.config.disabled) throw new HostError('conflict', `server "${name}" is disabled; enable it to start it`);
    this.log(server, 'lifecycle', 'info', 'restart requested');
    server.restartAttempt = 0;
    server.gaveUp = false;
    await this.restartNow(server);
    return this.stateOf(server);
  }

  async setEnabled(name: string, enabled: boolean): Promise<ServerState> {
    this.require(name);
    const config = await this.config.updateServers((servers) => {
      const entry = servers[name];
      if (entry === undefined) throw notFound(name);
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        throw new HostError('invalid_params', `mcpServers.${name} is not an object; fix the entry first`);
      }
      const next: Record<string, unknown> = { ...(entry as Record<string, unknown>) };
      if (enabled) delete next.disabled;
      else next.disabled = true;
      return { ...servers, [name]: next };
    });
    await this.applyWritten(config, [name]);
    return this.stateOf(this.require(name));
  }

  setToolEnabled(server: string, tool: string | undefined, enabled: boolean): ServerCatalog {
    const managed = this.require(server);
    if (tool === undefined) {
      this.switches.setServer(server, enabled);
    } else {
      const names = managed.lists.tools.map((entry) => entry.name);
      if (managed.catalogUpdatedAt > 0 && !names.includes(tool)) {
        throw new HostError('not_found', `server "${server}" has no tool "${tool}"`);
      }
      this.switches.setTool(server, tool, enabled, names);
    }
    const catalog = this.catalogOf(managed);
    this.events.emit('servers.catalogChanged', catalog);
    this.emitChanged();
    return catalog;
  }

  async addServer(name: string, raw: unknown): Promise<ServerState> {
    const serverName = checkName(name);
    const entry = keepStoredValues(serverName, raw, undefined);
    const parsed = parseServerEntry(serverName, entry);
    if (!parsed.ok) throw new HostError('invalid_params', parsed.error);
    const config = await this.config.updateServers((servers) => {
      if (Object.hasOwn(servers, serverName)) throw new HostError('conflict', `a server named "${serverName}" already exists`);
      return { ...servers, [serverName]: entry };
    });
    await this.applyWritten(config, [serverName]);
    return this.stateOf(this.require(serverName));
  }

  async updateServer(name: string, raw: unknown, rename?: string): Promise<ServerState> {
    const target = rename === undefined ? name : checkName(rename);
    const config = await this.config.updateServers((servers) => {
      if (!Object.hasOwn(servers, name)) throw notFound(name);
      if (target !== name && Object.hasOwn(servers, target)) throw new HostError('conflict', `a server named "${target}" already exists`);
      // Against the entry as the file holds it now, so a value kept as stored is the current one.
      const entry = keepStoredValues(target, raw, servers[name]);
      const parsed = parseServerEntry(target, entry);
      if (!parsed.ok) throw new HostError('invalid_params', parsed.error);
      const next: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(servers)) {
        if (key === name) next[target] = entry;
        else next[key] = value;
      }
      return next;
    });
    if (target !== name) this.switches.rename(name, target);
    // Credentials belong to a name and URL; under a new name the person signs in again.
    if (target !== name) this.options.oauth?.forget(name);
    await this.applyWritten(config, [name, target]);
    return this.stateOf(this.require(target));
  }

  async removeServer(name: string): Promise<void> {
    const config = await this.config.updateServers((servers) => {
      if (!Object.hasOwn(servers, name)) throw notFound(name);
      const next = { ...servers };
      delete next[name];
      return next;
    });
    this.switches.forget(name);
    this.options.oauth?.forget(name);
    await this.applyWritten(config, [name]);
  }

  /** Stops every server (the spec's shutdown sequence per transport) and stops watching mcp.json. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.config.stopWatching();
    this.options.oauth?.close();
    await Promise.all(
      [...this.servers.values()].map(async (server) => {
        await this.stop(server);
        if (server.config && !server.config.disabled) this.setStatus(server, 'stopped', 'the host shut down');
      }),
    );
    this.emitChanged();
    for (const waiter of [...this.settleWaiters]) waiter();
  }

  /**
   * Signs in to a remote server (MCP Authorization) and reconnects it. Resolves with its state after the
   * reconnect; rejects with a HostError when the sign-in did not finish (cancelled, timed out, refused).
   */
  signIn(name: string): Promise<ServerState> {
    const running = this.signIns.get(name);
    if (running) return running;
    const signIn = this.runSignIn(name).finally(() => this.signIns.delete(name));
    this.signIns.set(name, signIn);
    return signIn;
  }

  /** Forgets a remote server's credentials and reconnects it, which leaves it waiting for a sign-in if it needs one. */
  async signOut(name: string): Promise<ServerState> {
    const server = this.require(name);
    const { oauth, config } = this.oauthTarget(server);
    const wasRunning = ['connected', 'connecting', 'needs-auth', 'error', 'crashed'].includes(server.status);
    await oauth.signOut(name, config.url, (level, text) => this.log(server, 'lifecycle', level, text));
    if (wasRunning && this.started && !this.closed) await this.restartNow(server);
    return this.stateOf(server);
  }

  private async runSignIn(name: string): Promise<ServerState> {
    const server = this.require(name);
    const { oauth, config } = this.oauthTarget(server);
    if (server.status === 'awaiting-trust' || server.status === 'untrusted') {
      throw new HostError('conflict', `server "${name}" is not trusted yet; trust it before signing in`);
    }
    try {
      await oauth.signIn({ server: name, url: config.url, headers: config.headers, log: (level, text) => this.log(server, 'lifecycle', level, text) });
    } catch (error) {
      if (server.status === 'needs-auth' && error instanceof HostError) this.setStatus(server, 'needs-auth', `sign-in did not finish: ${error.message}`);
      throw error;
    }
    // Changed or removed meanwhile: the configuration reload already restarted it with what it is now.
    if (server.config !== config || this.closed) return this.stateOf(server);
    server.restartAttempt = 0;
    server.gaveUp = false;
    await this.restartNow(server);
    return this.stateOf(server);
  }

  private oauthTarget(server: ManagedServer): { oauth: ServerOAuth; config: Extract<ServerConfig, { url: string }> } {
    const oauth = this.options.oauth;
    const config = server.config;
    if (!config) throw new HostError('invalid_params', `server "${server.name}" has a configuration error; fix it first`);
    if (isStdioConfig(config)) throw new HostError('invalid_params', `server "${server.name}" runs locally; only remote servers sign in`);
    if (config.disabled) throw new HostError('conflict', `server "${server.name}" is disabled; enable it to sign in`);
    if (!oauth) throw new HostError('internal', 'this host has no OAuth support');
    return { oauth, config };
  }

  // ---- configuration → running servers

  private configReloaded(reload: ConfigReload): void {
    if (this.closed) return;
    if (reload.kind === 'applied') this.reconcile(reload.config);
    else if (reload.kind === 'broken') process.emitWarning(`${reload.fileError}; keeping the last good configuration`);
    this.events.emit('servers.configChanged', this.config.snapshot());
  }

  private async applyWritten(config: ParsedConfigFile, names: string[]): Promise<void> {
    const pending = this.reconcile(config);
    this.events.emit('servers.configChanged', this.config.snapshot());
    await Promise.all(names.map((name) => pending.get(name)));
  }

  /**
   * Brings the running servers in line with a configuration: added entries start, removed ones stop, changed
   * ones restart, unchanged ones are not touched. Returns the work started per server name.
   */
  private reconcile(config: ParsedConfigFile): Map<string, Promise<void>> {
    const work = new Map<string, Promise<void>>();
    const next = new Map<string, ManagedServer>();
    for (const entry of config.entries) {
      const raw = config.raw[entry.name];
      const rawKey = canonicalJson(raw);
      const existing = this.servers.get(entry.name);
      if (existing && existing.rawKey === rawKey) {
        next.set(entry.name, existing);
        continue;
      }
      const server = existing ?? this.createRecord(entry.name);
      server.raw = raw;
      server.rawKey = rawKey;
      server.config = entry.ok ? entry.config : undefined;
      next.set(entry.name, server);
      if (existing) this.log(server, 'lifecycle', 'info', 'configuration changed');
      work.set(entry.name, this.apply(server, entry.ok ? undefined : entry.error));
    }
    const removed = [...this.servers.values()].filter((server) => !next.has(server.name));
    this.servers = next;
    for (const server of removed) {
      this.log(server, 'lifecycle', 'info', 'removed from the configuration');
      work.set(server.name, this.stop(server));
    }
    this.emitChanged();
    return work;
  }

  private async apply(server: ManagedServer, configError: string | undefined): Promise<void> {
    server.restartAttempt = 0;
    server.gaveUp = false;
    if (configError !== undefined || !server.config) {
      await this.stop(server);
      server.info = undefined;
      server.lists = EMPTY_LISTS;
      this.setStatus(server, 'error', configError);
      return;
    }
    if (server.config.disabled) {
      await this.stop(server);
      this.setStatus(server, 'disabled');
      return;
    }
    // Before start() (one-shot CLI commands) an edit is only written, never started.
    if (this.closed || !this.started || (this.options.only && !this.options.only.includes(server.name))) {
      await this.stop(server);
      this.setStatus(server, 'stopped', this.closed ? 'the host shut down' : 'not started yet');
      return;
    }
    await this.restartNow(server);
  }

  private async restartNow(server: ManagedServer): Promise<void> {
    // Connecting from the first moment, so that settled() waits for the old process to go and the new one to answer.
    this.setStatus(server, 'connecting');
    await this.stop(server);
    await this.startServer(server, false);
  }

  // ---- one server's life

  private createRecord(name: string): ManagedServer {
    return {
      name,
      raw: undefined,
      rawKey: '',
      status: 'stopped',
      lists: EMPTY_LISTS,
      catalogUpdatedAt: 0,
      restartAttempt: 0,
      gaveUp: false,
      generation: 0,
      log: new LogRing(name, this.options.logCapacity ?? DEFAULT_LOG_CAPACITY),
    };
  }

  private async startServer(server: ManagedServer, automatic: boolean): Promise<void> {
    const config = server.config;
    if (!config || this.closed) return;
    const generation = ++server.generation;
    clearTimeout(server.restartTimer);
    server.restartTimer = undefined;
    server.restartNextAt = undefined;
    if (!this.trustedOrAsking(server, config, generation, automatic)) return;
    this.setStatus(server, 'connecting');
    const loginShellPath = isStdioConfig(config) ? await this.readLoginShellPath() : undefined;
    if (generation !== server.generation) return;

    const prior = this.eras.recall(config);
    this.log(server, 'lifecycle', 'info', describeStart(config, prior?.kind));
    const attempt = async (withPrior: PriorDiscovery | undefined, legacySse = false): Promise<Opened> => {
      const connection = this.connect(server, config, withPrior, loginShellPath, legacySse);
      return { connection, info: await connection.open() };
    };
    try {
      let opened: Opened;
      try {
        opened = await attempt(prior);
      } catch (error) {
        if (generation !== server.generation || !(error instanceof ConnectError) || error.timedOut || error.auth) throw error;
        if (error.httpStatus !== undefined && [400, 404, 405].includes(error.httpStatus) && acceptsSseFallback(config)) {
          // Transports → Backwards compatibility: a server that refuses Streamable HTTP with a 4xx may be an
          // HTTP+SSE server of the 2024-11-05 revision.
          this.log(server, 'lifecycle', 'warning', `the server refused Streamable HTTP (HTTP ${error.httpStatus}); trying the older HTTP+SSE transport`);
          opened = await attempt(undefined, true);
        } else if (prior) {
          // A remembered verdict can go stale when a server is upgraded or downgraded: probe again, once.
          this.eras.forget(config);
          this.log(server, 'lifecycle', 'warning', `connecting as a ${prior.kind}-era server failed (${error.message}); probing its protocol era again`);
          opened = await attempt(undefined);
        } else {
          throw error;
        }
      }
      const { connection, info } = opened;
      if (generation !== server.generation) {
        await connection.close();
        return;
      }
      if (info.verdict) this.eras.remember(config, info.verdict);
      server.connection = connection;
      server.info = {
        transport: info.transport,
        era: info.era,
        protocolVersion: info.protocolVersion,
        serverInfo: info.serverInfo,
        capabilities: info.capabilities,
        instructions: info.instructions,
      };
      server.lists = info.catalog;
      server.catalogUpdatedAt = Date.now();
      server.catalogExpiresAt = info.catalogExpiresAt;
      server.connectedAt = Date.now();
      server.exit = undefined;
      this.armStabilityTimer(server);
      this.setStatus(server, 'connected');
      this.events.emit('servers.catalogChanged', this.catalogOf(server));
    } catch (error) {
      if (generation !== server.generation) return;
      const message = error instanceof Error ? error.message : String(error);
      server.connection = undefined;
      this.log(server, 'lifecycle', 'error', `could not connect: ${message}`);
      if (error instanceof ConnectError && error.auth) {
        // Restarting cannot fix this; the person signing in can.
        if (error.auth === 'refused' && !isStdioConfig(config)) this.options.oauth?.refused(server.name, config.url);
        this.setStatus(server, 'needs-auth', message);
      } else if (automatic) {
        this.setStatus(server, 'crashed', `restart failed: ${message}`, false);
        this.scheduleRestart(server);
        this.emitChanged();
      } else {
        this.setStatus(server, 'error', message);
      }
    }
  }

  /**
   * Before a launch the person has not trusted runs (MCP security best practices, Local MCP Server Compromise):
   * the server waits in `awaiting-trust`, asked in the background so that whoever started it (an add, an edit,
   * a restart) is not held until the person answers; trusted, it starts then; declined, it stays `untrusted`.
   */
  private trustedOrAsking(server: ManagedServer, config: ServerConfig, generation: number, automatic: boolean): boolean {
    const gate = this.options.human?.trustGate;
    if (!gate) return true;
    const { trust, changed } = gate.verdict(server.name, config);
    server.trust = trust;
    if (trust.trusted) return true;
    const question = new AbortController();
    server.trustQuestion = question;
    this.setStatus(server, 'awaiting-trust', changed ? 'what it runs changed since you trusted it: review it again' : 'new server: review what it runs and trust it to start it');
    void gate
      .ask(server.name, config, question.signal, (requestId) => {
        if (server.trustQuestion !== question) return;
        server.trust = { ...server.trust!, requestId };
        this.emitChanged();
      })
      .then((answer) => {
        if (server.trustQuestion === question) server.trustQuestion = undefined;
        server.trust = gate.verdict(server.name, config).trust;
        if (generation !== server.generation || this.closed) return;
        if (answer.trusted) {
          void this.startServer(server, automatic);
          return;
        }
        this.log(server, 'lifecycle', 'notice', `not started: ${answer.reason ?? 'not trusted'}`);
        this.setStatus(server, 'untrusted', answer.reason ?? 'you did not trust this server');
      });
    return false;
  }

  private connect(
    server: ManagedServer,
    config: ServerConfig,
    prior: PriorDiscovery | undefined,
    loginShellPath: string | undefined,
    legacySse: boolean,
  ): ServerConnection {
    server.connection?.close().catch(() => {});
    const connection: ServerConnection = new ServerConnection({
      name: server.name,
      config,
      clientInfo: this.options.clientInfo ?? DEFAULT_CLIENT_INFO,
      capabilities: this.options.clientCapabilities ?? {},
      configureClient: this.options.configureClient,
      connectTimeoutMs: this.connectTimeoutMs,
      probeTimeoutMs: this.probeTimeoutMs,
      prior,
      loginShellPath,
      legacySse,
      auth: this.options.oauth && !isStdioConfig(config) ? this.options.oauth.transportAuth(server.name, config.url, config.headers) : undefined,
      holds: this.options.human?.holds,
      shutdownGraceMs: this.options.shutdownGraceMs,
      hooks: {
        log: (source, level, text) => this.log(server, source, level, text),
        catalogChanged: (lists) => {
          if (server.connection !== connection) return;
          server.lists = { ...server.lists, ...lists };
          server.catalogUpdatedAt = Date.now();
          this.events.emit('servers.catalogChanged', this.catalogOf(server));
          this.emitChanged();
        },
        lost: (reason, exit) => this.connectionLost(server, connection, reason, exit),
        authRequired: (refused) => this.signInLost(server, connection, refused),
      },
    });
    server.connection = connection;
    return connection;
  }

  /** A crash: fail fast, show why, and restart with exponential backoff (1 s, 2 s, 4 s … up to the cap). */
  private connectionLost(server: ManagedServer, connection: ServerConnection, reason: string, exit: ServerExit | undefined): void {
    if (server.connection !== connection || this.closed) return;
    server.connection = undefined;
    server.exit = exit;
    server.connectedAt = undefined;
    clearTimeout(server.stableTimer);
    const lastLine = [...(exit?.stderrTail ?? [])].reverse().find((line) => line.trim() !== '');
    const detail = `${reason}${lastLine ? `: ${lastLine.trim().slice(0, 300)}` : ''}`;
    this.log(server, 'lifecycle', 'error', `crashed: the server ${detail}`);
    this.setStatus(server, 'crashed', `the server ${detail}`, false);
    this.scheduleRestart(server);
    this.emitChanged();
  }

  /** A call was refused for want of a sign-in (the token expired or was revoked, and refreshing did not help). */
  private signInLost(server: ManagedServer, connection: ServerConnection, refused: boolean): void {
    if (server.connection !== connection || this.closed) return;
    if (refused && server.config && !isStdioConfig(server.config)) this.options.oauth?.refused(server.name, server.config.url);
    server.connection = undefined;
    server.connectedAt = undefined;
    clearTimeout(server.stableTimer);
    this.log(server, 'lifecycle', 'warning', 'the server no longer accepts the stored sign-in');
    this.setStatus(server, 'needs-auth', 'the server no longer accepts the stored sign-in; sign in again');
    void connection.close();
  }

  private scheduleRestart(server: ManagedServer): void {
    const { maxAttempts } = this.restartPolicy;
    if (server.restartAttempt >= maxAttempts) {
      server.gaveUp = true;
      server.restartNextAt = undefined;
      server.reason = `${server.reason ?? 'the server stopped'}; gave up after ${maxAttempts} automatic restarts (restart it by hand)`;
      this.log(server, 'lifecycle', 'error', `gave up after ${maxAttempts} automatic restarts`);
      return;
    }
    server.restartAttempt += 1;
    const delay = restartDelayMs(server.restartAttempt, this.restartPolicy);
    server.restartNextAt = Date.now() + delay;
    this.log(server, 'lifecycle', 'notice', `restarting in ${formatDuration(delay)} (attempt ${server.restartAttempt} of ${maxAttempts})`);
    server.restartTimer = setTimeout(() => {
      server.restartTimer = undefined;
      void this.startServer(server, true);
    }, delay);
    server.restartTimer.unref();
  }

  private armStabilityTimer(server: ManagedServer): void {
    clearTimeout(server.stableTimer);
    if (server.restartAttempt === 0) return;
    server.stableTimer = setTimeout(() => {
      server.restartAttempt = 0;
      server.gaveUp = false;
      this.emitChanged();
    }, this.restartPolicy.stableAfterMs);
    server.stableTimer.unref();
  }

  private async stop(server: ManagedServer): Promise<void> {
    server.generation += 1;
    server.trustQuestion?.abort(new Error(`server "${server.name}" was stopped or changed`));
    server.trustQuestion = undefined;
    clearTimeout(server.restartTimer);
    clearTimeout(server.stableTimer);
    server.restartTimer = undefined;
    server.restartNextAt = undefined;
    const connection = server.connection;
    server.connection = undefined;
    server.connectedAt = undefined;
    if (connection) {
      this.log(server, 'lifecycle', 'info', 'stopping');
      await connection.close();
    }
  }

  private refreshExpiredCatalog(server: ManagedServer): void {
    const connection = server.connection;
    if (server.status !== 'connected' || !connection || server.catalogRefreshing) return;
    if (server.catalogExpiresAt === undefined || server.catalogExpiresAt > Date.now()) return;
    server.catalogRefreshing = true;
    // The server's ttlMs hint says the lists may be stale; the SDK cache fetches only what has expired.
    connection
      .fetchCatalog('use')
      .then(({ catalog, expiresAt }) => {
        if (server.connection !== connection) return;
        const changed = canonicalJson(catalog) !== canonicalJson(server.lists);
        server.lists = catalog;
        server.catalogExpiresAt = expiresAt;
        server.catalogUpdatedAt = Date.now();
        if (changed) {
          this.events.emit('servers.catalogChanged', this.catalogOf(server));
          this.emitChanged();
        }
      })
      .catch((error: unknown) => this.log(server, 'host', 'warning', `refreshing the catalog failed: ${(error as Error).message}`))
      .finally(() => {
        server.catalogRefreshing = false;
      });
  }

  // ---- state, events, helpers

  private setStatus(server: ManagedServer, status: ServerStatus, reason?: string, emit = true): void {
    server.status = status;
    server.reason = reason;
    if (emit) this.emitChanged();
  }

  private emitChanged(): void {
    this.events.emit('servers.changed', this.list());
    for (const waiter of [...this.settleWaiters]) waiter();
  }

  private log(server: ManagedServer, source: LogSource, level: LogLevel, text: string): void {
    const entry = server.log.push(source, level, text);
    this.events.emit('servers.log', entry);
  }

  private readLoginShellPath(): Promise<string | undefined> {
    if (this.options.loginShellPath) {
      this.loginShellPath ??= this.options.loginShellPath().catch(() => undefined);
      return this.loginShellPath;
    }
    sharedLoginShellPath ??= readLoginShellPath();
    return sharedLoginShellPath;
  }

  private require(name: string): ManagedServer {
    const server = this.servers.get(name);
    if (!server) throw notFound(name);
    return server;
  }

  private connected(name: string): ServerConnection {
    const server = this.require(name);
    if (server.status === 'connected' && server.connection) return server.connection;
    const why = server.status === 'disabled' ? 'is disabled' : `is not connected (status: ${server.status}${server.reason ? ` — ${server.reason}` : ''})`;
    throw new HostError('server_unavailable', `server "${name}" ${why}`);
  }

  private stateOf(server: ManagedServer): ServerState {
    const restart: RestartPlan | undefined =
      server.restartAttempt > 0 || server.gaveUp
        ? { attempt: server.restartAttempt, ...(server.restartNextAt ? { nextAt: server.restartNextAt } : {}), gaveUp: server.gaveUp }
        : undefined;
    const info = server.info;
    const state: ServerState = {
      name: server.name,
      transport: info?.transport ?? (server.config ? transportOf(server.config) : guessTransport(server.raw)),
      status: server.status,
      counts: {
        tools: server.lists.tools.length,
        resources: server.lists.resources.length,
        resourceTemplates: server.lists.resourceTemplates.length,
        prompts: server.lists.prompts.length,
      },
      toolsEnabled: this.switches.serverEnabled(server.name),
    };
    if (server.reason !== undefined) state.reason = server.reason;
    if (server.config) state.launch = summarizeLaunch(server.config);
    if (info) {
      state.era = info.era;
      if (info.protocolVersion !== undefined) state.protocolVersion = info.protocolVersion;
      if (info.serverInfo) state.serverInfo = structuredClone(info.serverInfo);
      if (info.capabilities) state.capabilities = structuredClone(info.capabilities);
      if (info.instructions !== undefined) state.instructions = info.instructions;
    }
    if (server.exit) state.exit = { ...server.exit, stderrTail: [...server.exit.stderrTail] };
    if (restart) state.restart = restart;
    if (server.connectedAt !== undefined) state.connectedAt = server.connectedAt;
    const auth = server.config && !isStdioConfig(server.config) ? this.options.oauth?.stateOf(server.name, server.config.url) : undefined;
    if (auth) state.auth = auth;
    if (server.trust) state.trust = { ...server.trust };
    return state;
  }

  private catalogOf(server: ManagedServer): ServerCatalog {
    return catalogView(server.name, server.lists, server.catalogUpdatedAt, this.switches);
  }
}

/** `http` (or no type) leaves the transport to us; `streamable-http` asks for Streamable HTTP only. */
function acceptsSseFallback(config: ServerConfig): boolean {
  return !isStdioConfig(config) && config.type !== 'streamable-http' && config.type !== 'sse';
}

function notFound(name: string): HostError {
  return new HostError('not_found', `no server named "${name}"`);
}

function checkName(name: string): string {
  const parsed = serverNameSchema.safeParse(name);
  if (!parsed.success) throw new HostError('invalid_params', `server name "${name}": ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

function describeStart(config: ServerConfig, era: string | undefined): string {
  const how = era ? `as a ${era}-era server (remembered)` : 'probing its protocol era';
  if (isStdioConfig(config)) return `starting ${config.command} ${how}`;
  const url = new URL(config.url);
  // Only origin and path: query strings often carry tokens.
  return `connecting to ${url.origin}${url.pathname} over ${transportOf(config)} ${how}`;
}
