import type {
  Client,
  ClientCapabilities,
  GetPromptResult,
  Implementation,
  ReadResourceResult,
} from '@modelcontextprotocol/client';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ConfigSnapshot } from '../../../shared/api/servers-api.ts';
import type { ConsentContext } from '../../../shared/consent/consent-types.ts';
import type { InputDefinition } from '../../../shared/servers/config-inputs.ts';
import { redactUrlsIn } from '../../../shared/servers/redact-url.ts';
import { isStdioConfig } from '../../../shared/servers/server-config.ts';
import type { ParsedConfigFile, ServerConfig } from '../../../shared/servers/server-config.ts';
import type {
  LogEntry,
  LogLevel,
  LogSource,
  ServerCatalog,
  ServerState,
  ServerStatus,
  ToolCallOutcome,
} from '../../../shared/servers/server-state.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { SettingsStore } from '../store/database.ts';
import type { SecretStore } from '../store/secrets.ts';
import { ServerCalls } from './calls/server-calls.ts';
import type { CallToolOptions } from './calls/server-calls.ts';
import { canonicalJson } from './canonical-json.ts';
import { refreshExpiredCatalog } from './catalog/catalog-refresh.ts';
import { catalogView, EMPTY_LISTS } from './catalog/catalog-view.ts';
import { McpConfigFile } from './config-file.ts';
import type { ConfigReload } from './config-file.ts';
import { EraVerdicts } from './era-verdicts.ts';
import type { ServerHumanHooks } from './human-hooks.ts';
import { DEFAULT_LOG_CAPACITY } from './log-ring.ts';
import { createManagedServer, stateOfServer } from './managed-server.ts';
import type { ManagedServer } from './managed-server.ts';
import { DEFAULT_RESTART_POLICY } from './restart-policy.ts';
import type { RestartPolicy } from './restart-policy.ts';
import type { ServerConnection } from './server-connection.ts';
import type { ServerOAuth } from './oauth/server-oauth.ts';
import { LoginShellPathCache, sharedLoginShellPath } from './start/login-shell-path-cache.ts';
import { ServerStarter } from './start/server-starter.ts';
import type { StartScope } from './start/server-starter.ts';
import { StartSlots } from './start/start-slots.ts';
import { checkName, notFound } from './entry-names.ts';
import { EntrySecrets } from './entry-secrets/entry-secrets.ts';
import { editServers } from './entry-secrets/edit-servers.ts';
import { ToolSwitches } from './tool-switches.ts';
import { InputValues } from './variables/input-values.ts';
import { hostVariableSources } from './variables/inputs-handlers.ts';
import { resolveVariables } from './variables/resolve-variables.ts';

export type { CallToolOptions } from './calls/server-calls.ts';

export interface ServerManagerOptions extends StartScope {
  configPath: string;
  events: HostEventBus;
  settings: SettingsStore;
  clientInfo?: Implementation;
  /** Reads the login shell's PATH for stdio servers; tests pass their own instead of running `$SHELL -ilc`. */
  loginShellPath?: () => Promise<string | undefined>;
  /** How many stdio servers start at once (default: by cores, see start-slots.ts). */
  startConcurrency?: number;
  /**
   * Capabilities the host advertises, the same to every server or decided per server at each connect. Only
   * what is implemented: the consent work adds elicitation, sampling and roots together with their handlers.
   */
  clientCapabilities?: ClientCapabilities | ((serverName: string) => ClientCapabilities);
  /** Called for every new SDK client before it connects: the place to register handlers for what it `offered`. */
  configureClient?: (client: Client, serverName: string, offered: ClientCapabilities) => void;
  /** Trust before a start, deadlines that wait for the person, the -32042 URL step (the human-in-the-loop layer). */
  human?: ServerHumanHooks;
  /** How long a server gets to finish the handshake and its first listing. */
  connectTimeoutMs?: number;
  /**
   * How long the era probe (`server/discover`) waits, from the server's turn to start. A probe that times out
   * is no verdict: that start goes on with `initialize`, nothing is remembered, and the next start probes again.
   */
  probeTimeoutMs?: number;
  restartPolicy?: Partial<RestartPolicy>;
  /** OAuth sign-in for remote servers (MCP Authorization); without it a 401 is a connect error like any other. */
  oauth?: ServerOAuth;
  configDebounceMs?: number;
  logCapacity?: number;
  /** Where env and header values typed in the UI are kept (mcp.json holds references); without it they are written as given. */
  secrets?: SecretStore;
}

const DEFAULT_CLIENT_INFO: Implementation = { name: 'switchboard', version: '0.1.0' };

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
  private readonly starter: ServerStarter;
  readonly calls: ServerCalls;
  private readonly loginShellPath: LoginShellPathCache;
  private readonly entrySecrets: EntrySecrets;
  /** Values entered for `${input:ID}` (servers/variables/). */
  readonly inputValues: InputValues;
  private servers = new Map<string, ManagedServer>();
  private started = false;
  private closed = false;
  private readonly settleWaiters = new Set<() => void>();
  private readonly signIns = new Map<string, Promise<ServerState>>();

  constructor(options: ServerManagerOptions) {
    this.options = options;
    this.events = options.events;
    this.eras = new EraVerdicts(options.settings);
    this.switches = new ToolSwitches(options.settings);
    const restartPolicy: RestartPolicy = { ...DEFAULT_RESTART_POLICY, ...options.restartPolicy };
    const connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
    const reader = options.loginShellPath;
    this.loginShellPath = reader ? new LoginShellPathCache(reader) : sharedLoginShellPath;
    this.entrySecrets = new EntrySecrets(options.secrets);
    this.inputValues = new InputValues(options.secrets);
    this.starter = new ServerStarter(
      {
        isClosed: () => this.closed,
        log: (server, source, level, text) => this.log(server, source, level, text),
        setStatus: (server, status, reason, emit) => this.setStatus(server, status, reason, emit),
        emitChanged: () => this.emitChanged(),
        catalogChanged: (server) => this.events.emit('servers.catalogChanged', this.catalogOf(server)),
      },
      {
        clientInfo: options.clientInfo ?? DEFAULT_CLIENT_INFO,
        clientCapabilities: options.clientCapabilities ?? {},
        configureClient: options.configureClient,
        human: options.human,
        oauth: options.oauth,
        connectTimeoutMs,
        probeTimeoutMs: Math.min(options.probeTimeoutMs ?? 10_000, connectTimeoutMs),
        restartPolicy,
        eras: this.eras,
        loginShellPath: this.loginShellPath,
        slots: new StartSlots(options.startConcurrency),
        only: options.only,
        shutdownGraceMs: options.shutdownGraceMs,
        catalog: options.catalog,
        recovery: options.recovery,
        logLevel: options.logLevel,
      },
    );
    this.calls = new ServerCalls((name) => this.connected(name), options.human, this.events, (name, level, text) => this.note(name, level, text));
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
    // Read off the first spawn's path: by the time a stdio server starts, the shell has usually answered.
    this.loginShellPath.warm();
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
    refreshExpiredCatalog(
      server,
      () => {
        this.events.emit('servers.catalogChanged', this.catalogOf(server));
        this.emitChanged();
      },
      (text) => this.log(server, 'host', 'warning', text),
    );
    return this.catalogOf(server);
  }

  logs(name: string): LogEntry[] {
    return this.require(name).log.list();
  }

  configSnapshot(): ConfigSnapshot {
    return this.config.snapshot();
  }

  /** mcp.json as written, references and variables unexpanded. */
  writtenConfig(): ParsedConfigFile {
    return this.config.current();
  }

  async addInputs(inputs: InputDefinition[]): Promise<void> {
    await this.config.addInputs(inputs);
  }

  /** Expands every entry again (an input got its value) and restarts those whose launch came out different. */
  reapply(): void {
    this.reconcile(this.config.current());
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

  callTool(server: string, tool: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallOutcome> {
    return this.calls.callTool(server, tool, args, options);
  }

  /** Which chat turn and tool call a question from this server belongs to, when that can be told. */
  callContext(server: string): ConsentContext | undefined {
    return this.calls.callContext(server);
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
    const config = await editServers(this.config, this.entrySecrets, (servers, prepare) => {
      if (Object.hasOwn(servers, serverName)) throw new HostError('conflict', `a server named "${serverName}" already exists`);
      return { ...servers, [serverName]: prepare(serverName, raw, undefined) };
    });
    await this.applyWritten(config, [serverName]);
    return this.stateOf(this.require(serverName));
  }

  async updateServer(name: string, raw: unknown, rename?: string): Promise<ServerState> {
    const target = rename === undefined ? name : checkName(rename);
    const config = await editServers(this.config, this.entrySecrets, (servers, prepare) => {
      if (!Object.hasOwn(servers, name)) throw notFound(name);
      if (target !== name && Object.hasOwn(servers, target)) throw new HostError('conflict', `a server named "${target}" already exists`);
      // Against the entry as the file holds it now, so a value kept as stored is the current one.
      const entry = prepare(target, raw, servers[name]);
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
    const config = await editServers(this.config, this.entrySecrets, (servers) => {
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
  private reconcile(written: ParsedConfigFile): Map<string, Promise<void>> {
    // Variables first: a value from the secret store is used as it is, whatever `${` it holds.
    const config = this.entrySecrets.resolve(resolveVariables(written, hostVariableSources(this.inputValues)));
    const work = new Map<string, Promise<void>>();
    const next = new Map<string, ManagedServer>();
    for (const entry of config.entries) {
      const raw = config.raw[entry.name];
      // The expanded entry too: an input given its value changes the launch, not the file.
      const rawKey = canonicalJson({ raw, entry });
      const existing = this.servers.get(entry.name);
      if (existing && existing.rawKey === rawKey) {
        next.set(entry.name, existing);
        continue;
      }
      const server = existing ?? createManagedServer(entry.name, this.options.logCapacity ?? DEFAULT_LOG_CAPACITY);
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
    // Before start() (one-shot CLI commands) an edit is only written, never started; nor is a server out of scope.
    if (this.closed || !this.started || !this.starter.inScope(server)) {
      await this.stop(server);
      this.setStatus(server, 'stopped', this.closed ? 'the host shut down' : 'not started yet');
      return;
    }
    await this.restartNow(server);
  }

  private restartNow(server: ManagedServer): Promise<void> {
    return this.starter.restartNow(server);
  }

  private stop(server: ManagedServer): Promise<void> {
    return this.starter.stop(server);
  }

  // ---- state, events, helpers

  private setStatus(server: ManagedServer, status: ServerStatus, reason?: string, emit = true): void {
    server.status = status;
    server.reason = reason === undefined ? undefined : redactUrlsIn(reason);
    if (emit) this.emitChanged();
  }

  private emitChanged(): void {
    this.events.emit('servers.changed', this.list());
    for (const waiter of [...this.settleWaiters]) waiter();
  }

  private log(server: ManagedServer, source: LogSource, level: LogLevel, text: string): void {
    const entry = server.log.push(source, level, redactUrlsIn(text));
    this.events.emit('servers.log', entry);
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
    const auth = server.config && !isStdioConfig(server.config) ? this.options.oauth?.stateOf(server.name, server.config.url) : undefined;
    return stateOfServer(server, this.switches.serverEnabled(server.name), auth);
  }

  private catalogOf(server: ManagedServer): ServerCatalog {
    return catalogView(server.name, server.lists, server.catalogUpdatedAt, this.switches);
  }
}

