import type { Client, ClientCapabilities, Implementation, PriorDiscovery } from '@modelcontextprotocol/client';
import { isStdioConfig } from '../../../../shared/servers/server-config.ts';
import type { ServerConfig } from '../../../../shared/servers/server-config.ts';
import type { LogLevel, LogSource, ServerExit, ServerStatus } from '../../../../shared/servers/server-state.ts';
import { formatDuration } from '../call-errors.ts';
import { describeStart } from '../entry-names.ts';
import type { EraVerdicts } from '../era-verdicts.ts';
import type { ServerHumanHooks } from '../human-hooks.ts';
import type { ManagedServer } from '../managed-server.ts';
import type { ServerOAuth } from '../oauth/server-oauth.ts';
import { restartDelayMs } from '../restart-policy.ts';
import type { RestartPolicy } from '../restart-policy.ts';
import type { RecoveryOptions } from '../recovery/liveness.ts';
import { isPinned, pinnedPrior } from './revision-pin.ts';
import { ConnectError, ServerConnection } from '../server-connection.ts';
import type { CatalogLists, ConnectedInfo } from '../server-connection.ts';
import type { LoginShellPathCache } from './login-shell-path-cache.ts';
import type { StartSlots } from './start-slots.ts';

/** What the starter needs from the manager that owns the servers. */
export interface StarterHost {
  isClosed(): boolean;
  log(server: ManagedServer, source: LogSource, level: LogLevel, text: string): void;
  setStatus(server: ManagedServer, status: ServerStatus, reason?: string, emit?: boolean): void;
  emitChanged(): void;
  /** The server's lists changed: tell the windows. */
  catalogChanged(server: ManagedServer): void;
}

/** What one-shot CLI commands narrow: which servers start at all, and how briefly each is waited for when it stops. */
export interface StartScope {
  /** Start only these servers; the others are listed but left stopped (`switchboard call` needs just one). */
  only?: readonly string[];
  /** Passed to each connection: how long each shutdown step waits (`stdio-shutdown.ts`; one-shot commands shorten it). */
  shutdownGraceMs?: number;
  /**
   * `none`: each connection serves one tool call (`switchboard call`), so it lists nothing up front (the caller
   * lists tools if it needs them) and watches no list changes, as nothing would hear of them. Default `full`.
   */
  catalog?: 'full' | 'none';
  /** How remote servers are checked while idle (`recovery/liveness.ts`); tests shorten it. */
  recovery?: Partial<RecoveryOptions>;
  /** The log level the person chose for a server (`servers/log-levels/`); `info` without one. */
  logLevel?: (server: string) => LogLevel;
}

export interface StarterOptions extends StartScope {
  clientInfo: Implementation;
  /** What each server is offered, decided at each connect (see ServerManagerOptions.clientCapabilities). */
  clientCapabilities: ClientCapabilities | ((serverName: string) => ClientCapabilities);
  configureClient?: (client: Client, serverName: string, offered: ClientCapabilities) => void;
  human?: ServerHumanHooks;
  oauth?: ServerOAuth;
  connectTimeoutMs: number;
  probeTimeoutMs: number;
  restartPolicy: RestartPolicy;
  eras: EraVerdicts;
  loginShellPath: LoginShellPathCache;
  slots: StartSlots;
}

interface Opened {
  connection: ServerConnection;
  info: ConnectedInfo;
}

/**
 * One server's life from start to stop: the trust gate, its turn among the servers starting, the era (probed on
 * the session's own process, or remembered), the connection, and automatic restarts with backoff after a crash.
 */
export class ServerStarter {
  private readonly host: StarterHost;
  private readonly options: StarterOptions;

  constructor(host: StarterHost, options: StarterOptions) {
    this.host = host;
    this.options = options;
  }

  /** False for a server the scope leaves out: it is listed, but never started. */
  inScope(server: ManagedServer): boolean {
    return !this.options.only || this.options.only.includes(server.name);
  }

  /** Stops and starts the server, showing it as connecting from the first moment (settled() waits for it). */
  async restartNow(server: ManagedServer): Promise<void> {
    this.host.setStatus(server, 'connecting');
    await this.stop(server);
    await this.start(server, false);
  }

  async start(server: ManagedServer, automatic: boolean): Promise<void> {
    const config = server.config;
    if (!config || this.host.isClosed()) return;
    const generation = ++server.generation;
    clearTimeout(server.restartTimer);
    server.restartTimer = undefined;
    server.restartNextAt = undefined;
    if (!this.trustedOrAsking(server, config, generation, automatic)) return;
    this.host.setStatus(server, 'connecting');
    const stdio = isStdioConfig(config);
    // Only a spawn costs this machine's CPU; a remote server's handshake does not need a turn.
    if (stdio && this.options.slots.active >= this.options.slots.limit) {
      this.host.log(server, 'lifecycle', 'info', `waiting for its turn: ${this.options.slots.limit} servers are starting`);
    }
    const slot = stdio ? await this.options.slots.acquire() : undefined;
    try {
      if (generation !== server.generation || this.host.isClosed()) return;
      await this.connectInTurn(server, config, generation, automatic);
    } finally {
      slot?.release();
    }
  }

  async stop(server: ManagedServer): Promise<void> {
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
      this.host.log(server, 'lifecycle', 'info', 'stopping');
      await connection.close();
    }
  }

  private async connectInTurn(server: ManagedServer, config: ServerConfig, generation: number, automatic: boolean): Promise<void> {
    let loginShellPath: string | undefined;
    if (isStdioConfig(config)) {
      const found = await this.options.loginShellPath.forSpawn();
      if (found.note) this.host.log(server, 'lifecycle', 'notice', found.note);
      loginShellPath = found.path;
      if (generation !== server.generation) return;
    }
    // A pinned revision decides the era; a remembered verdict (from before the pin) must not.
    const prior = isPinned(config) ? pinnedPrior(config) : this.options.eras.recall(config);
    this.host.log(server, 'lifecycle', 'info', describeStart(config, prior?.kind));
    const attempt = async (withPrior: PriorDiscovery | undefined, more: { legacySse?: boolean; priorIsNew?: boolean; path?: string } = {}): Promise<Opened> => {
      const connection = this.connect(server, config, withPrior, more.path ?? loginShellPath, more.legacySse ?? false, more.priorIsNew ?? false);
      return { connection, info: await connection.open() };
    };
    try {
      let opened: Opened;
      try {
        opened = await attempt(prior);
      } catch (error) {
        if (generation !== server.generation || !(error instanceof ConnectError) || error.timedOut || error.auth) throw error;
        if (error.diedOnProbe && !isPinned(config)) {
          // Some 2025-era servers exit on any request before `initialize`: that process was the probe's; the
          // session needs a fresh one, initialized straight away. Remembered, so later starts spawn it once.
          this.host.log(server, 'lifecycle', 'warning', `${error.message}; starting it again as a 2025-era server`);
          opened = await attempt({ kind: 'legacy' }, { priorIsNew: true });
        } else if (error.commandNotFound) {
          // Installed since the login shell's PATH was read, or read before it was ready: read it again, once.
          const fresh = await this.options.loginShellPath.commandNotFound();
          if (generation !== server.generation || fresh === undefined || fresh === loginShellPath) throw error;
          this.host.log(server, 'lifecycle', 'notice', `${error.message}; trying again with the login shell's PATH read just now`);
          opened = await attempt(prior, { path: fresh });
        } else if (error.httpStatus !== undefined && [400, 404, 405].includes(error.httpStatus) && acceptsSseFallback(config)) {
          // Transports → Backwards compatibility: a server that refuses Streamable HTTP with a 4xx may be an
          // HTTP+SSE server of the 2024-11-05 revision.
          this.host.log(server, 'lifecycle', 'warning', `the server refused Streamable HTTP (HTTP ${error.httpStatus}); trying the older HTTP+SSE transport`);
          opened = await attempt(undefined, { legacySse: true });
        } else if (prior && !isPinned(config)) {
          // A remembered verdict can go stale when a server is upgraded or downgraded: probe again, once.
          this.options.eras.forget(config);
          this.host.log(server, 'lifecycle', 'warning', `connecting as a ${prior.kind}-era server failed (${error.message}); probing its protocol era again`);
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
      if (info.verdict) this.options.eras.remember(config, info.verdict);
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
      this.host.setStatus(server, 'connected');
      this.host.catalogChanged(server);
    } catch (error) {
      if (generation !== server.generation) return;
      const message = error instanceof Error ? error.message : String(error);
      server.connection = undefined;
      this.host.log(server, 'lifecycle', 'error', `could not connect: ${message}`);
      if (error instanceof ConnectError && error.auth) {
        // Restarting cannot fix this; the person signing in can.
        if (error.auth === 'refused' && !isStdioConfig(config)) this.options.oauth?.refused(server.name, config.url);
        this.host.setStatus(server, 'needs-auth', message);
      } else if (automatic) {
        this.host.setStatus(server, 'crashed', `restart failed: ${message}`, false);
        this.scheduleRestart(server);
        this.host.emitChanged();
      } else {
        this.host.setStatus(server, 'error', message);
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
    this.host.setStatus(
      server,
      'awaiting-trust',
      changed ? 'what it runs changed since you trusted it: review it again' : 'new server: review what it runs and trust it to start it',
    );
    void gate
      .ask(server.name, config, question.signal, (requestId) => {
        if (server.trustQuestion !== question) return;
        server.trust = { ...server.trust!, requestId };
        this.host.emitChanged();
      })
      .then((answer) => {
        if (server.trustQuestion === question) server.trustQuestion = undefined;
        server.trust = gate.verdict(server.name, config).trust;
        if (generation !== server.generation || this.host.isClosed()) return;
        if (answer.trusted) {
          void this.start(server, automatic);
          return;
        }
        this.host.log(server, 'lifecycle', 'notice', `not started: ${answer.reason ?? 'not trusted'}`);
        this.host.setStatus(server, 'untrusted', answer.reason ?? 'you did not trust this server');
      });
    return false;
  }

  private connect(
    server: ManagedServer,
    config: ServerConfig,
    prior: PriorDiscovery | undefined,
    loginShellPath: string | undefined,
    legacySse: boolean,
    priorIsNew: boolean,
  ): ServerConnection {
    server.connection?.close().catch(() => {});
    const { oauth, clientCapabilities: capabilities } = this.options;
    const connection: ServerConnection = new ServerConnection({
      name: server.name,
      config,
      clientInfo: this.options.clientInfo,
      capabilities: typeof capabilities === 'function' ? capabilities(server.name) : capabilities,
      configureClient: this.options.configureClient,
      catalog: this.options.catalog,
      connectTimeoutMs: this.options.connectTimeoutMs,
      probeTimeoutMs: this.options.probeTimeoutMs,
      prior,
      priorIsNew,
      loginShellPath,
      legacySse,
      auth: oauth && !isStdioConfig(config) ? oauth.transportAuth(server.name, config.url, config.headers) : undefined,
      holds: this.options.human?.holds,
      shutdownGraceMs: this.options.shutdownGraceMs,
      recovery: this.options.recovery,
      logLevel: this.options.logLevel && (() => this.options.logLevel!(server.name)),
      hooks: {
        log: (source, level, text) => this.host.log(server, source, level, text),
        catalogChanged: (lists: Partial<CatalogLists>) => {
          if (server.connection !== connection) return;
          server.lists = { ...server.lists, ...lists };
          server.catalogUpdatedAt = Date.now();
          this.host.catalogChanged(server);
          this.host.emitChanged();
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
    if (server.connection !== connection || this.host.isClosed()) return;
    server.connection = undefined;
    server.exit = exit;
    server.connectedAt = undefined;
    clearTimeout(server.stableTimer);
    const lastLine = [...(exit?.stderrTail ?? [])].reverse().find((line) => line.trim() !== '');
    const detail = `${reason}${lastLine ? `: ${lastLine.trim().slice(0, 300)}` : ''}`;
    this.host.log(server, 'lifecycle', 'error', `crashed: the server ${detail}`);
    this.host.setStatus(server, 'crashed', `the server ${detail}`, false);
    this.scheduleRestart(server);
    this.host.emitChanged();
  }

  /** A call was refused for want of a sign-in (the token expired or was revoked, and refreshing did not help). */
  private signInLost(server: ManagedServer, connection: ServerConnection, refused: boolean): void {
    if (server.connection !== connection || this.host.isClosed()) return;
    if (refused && server.config && !isStdioConfig(server.config)) this.options.oauth?.refused(server.name, server.config.url);
    server.connection = undefined;
    server.connectedAt = undefined;
    clearTimeout(server.stableTimer);
    this.host.log(server, 'lifecycle', 'warning', 'the server no longer accepts the stored sign-in');
    this.host.setStatus(server, 'needs-auth', 'the server no longer accepts the stored sign-in; sign in again');
    void connection.close();
  }

  private scheduleRestart(server: ManagedServer): void {
    const { maxAttempts } = this.options.restartPolicy;
    if (server.restartAttempt >= maxAttempts) {
      server.gaveUp = true;
      server.restartNextAt = undefined;
      server.reason = `${server.reason ?? 'the server stopped'}; gave up after ${maxAttempts} automatic restarts (restart it by hand)`;
      this.host.log(server, 'lifecycle', 'error', `gave up after ${maxAttempts} automatic restarts`);
      return;
    }
    server.restartAttempt += 1;
    const delay = restartDelayMs(server.restartAttempt, this.options.restartPolicy);
    server.restartNextAt = Date.now() + delay;
    this.host.log(server, 'lifecycle', 'notice', `restarting in ${formatDuration(delay)} (attempt ${server.restartAttempt} of ${maxAttempts})`);
    server.restartTimer = setTimeout(() => {
      server.restartTimer = undefined;
      void this.start(server, true);
    }, delay);
    server.restartTimer.unref();
  }

  private armStabilityTimer(server: ManagedServer): void {
    clearTimeout(server.stableTimer);
    if (server.restartAttempt === 0) return;
    server.stableTimer = setTimeout(() => {
      server.restartAttempt = 0;
      server.gaveUp = false;
      this.host.emitChanged();
    }, this.options.restartPolicy.stableAfterMs);
    server.stableTimer.unref();
  }
}

/** `http` (or no type) leaves the transport to us; `streamable-http` asks for Streamable HTTP only. */
function acceptsSseFallback(config: ServerConfig): boolean {
  return !isStdioConfig(config) && config.type !== 'streamable-http' && config.type !== 'sse';
}
