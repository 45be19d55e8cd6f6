import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { HostError } from '../../shared/api/host-error.ts';
import { hostMethods, isHostMethodName } from '../../shared/api/host-api.ts';
import type {
  HostEventName,
  HostEvents,
  HostMethodName,
  HostMethodParsedParams,
  HostMethodResults,
} from '../../shared/api/host-api.ts';
import { redactUrlsIn } from '../../shared/servers/redact-url.ts';
import { HostEventBus } from './event-bus.ts';
import { openDatabase, SettingsStore } from './store/database.ts';
import { ServerManager } from './servers/server-manager.ts';
import type { ServerManagerOptions } from './servers/server-manager.ts';
import { createServersHandlers } from './api/servers-handlers.ts';
import { createTasksHandlers } from './api/tasks-handlers.ts';
import { chatMigrations } from './store/conversations.ts';
import type { SecretCipher, SecretFallback } from './store/secrets.ts';
import { SecretStore } from './store/secrets.ts';
import { createChatModule } from './chat/chat-module.ts';
import { consentAsker } from './chat/approval/consent-asker.ts';
import type { ChatModule } from './chat/chat-module.ts';
import { ConsentBroker } from './consent/consent-broker.ts';
import { createConsentHandlers } from './consent/consent-handlers.ts';
import { createAuthHandlers } from './servers/oauth/auth-handlers.ts';
import { ServerOAuth } from './servers/oauth/server-oauth.ts';
import { ClientMetadataSetting } from './servers/oauth/client-metadata-setting.ts';
import { createImportHandlers } from './import/import-handlers.ts';
import { defaultLocationContext } from './import/discover-configs.ts';
import type { LocationContext } from './import/host-locations.ts';
import { createInputsHandlers } from './servers/variables/inputs-handlers.ts';
import { createHumanHandlers } from './human/human-handlers.ts';
import { HUMAN_CAPABILITIES, HumanService } from './human/human-service.ts';
import type { HumanTimeouts } from './human/human-service.ts';
import { providerFactory } from './chat/providers/provider-factory.ts';
import { createSkillsHandlers } from './skills/skills-handlers.ts';
import { createLogLevelHandlers } from './servers/log-levels/log-level-handlers.ts';
import { LogLevels } from './servers/log-levels/log-levels.ts';
import { createIconHandlers } from './servers/icons/icon-handlers.ts';
import { ServerIcons } from './servers/icons/server-icons.ts';
import { SkillsService } from './skills/skills-service.ts';
import { AppsService } from './apps/apps-service.ts';
import { withAppsExtension } from './apps/apps-capability.ts';
import { ContextService } from './context/context-service.ts';
import { createContextHandlers } from './context/context-handlers.ts';
import { ResourceWatches } from './context/resource-watches.ts';
import { TelemetryService } from './telemetry/telemetry-service.ts';
import { createTelemetryHandlers } from './telemetry/telemetry-handlers.ts';
import { ActivityService } from './activity/activity-service.ts';
import { SecretValues } from './activity/secret-values.ts';

export type HostHandlers = {
  [M in HostMethodName]: (params: HostMethodParsedParams<M>) => Promise<HostMethodResults[M]>;
};

export interface HostOptions {
  /** Holds `mcp.json`, `switchboard.db` and secrets. */
  dataDir: string;
  /** Overrides `<dataDir>/mcp.json`. */
  configPath?: string;
  /** Do not start servers until asked (the CLI's one-shot commands start them themselves). */
  autoStart?: boolean;
  /** Encrypts stored API keys with the OS keychain (Electron `safeStorage`); without it they sit in an owner-only file. */
  secretCipher?: SecretCipher;
  /** Without `secretCipher`: reads values an OS cipher that is no protection here wrote before, and says why in Settings. */
  secretFallback?: SecretFallback;
  /**
   * `ask` (the default): a server's launch runs only after the person trusted it (the desktop app, browser
   * mode). `config-is-consent`: the person named the config file on the command line (the CLI's one-shot
   * commands, `serve --trust-config`), which is their consent to run what it lists.
   */
  serverTrust?: 'ask' | 'config-is-consent';
  /** Opens a URL in the system browser (Electron `shell.openExternal`); without it the answering window opens it. */
  openExternal?: (url: string) => Promise<void>;
  /** The system folder picker (Electron `dialog.showOpenDialog`); without it the person types a path. */
  pickFolder?: (title?: string) => Promise<string | undefined>;
  /** `--client-metadata-url`: the client ID metadata document URL for this run, ahead of the one in Settings. */
  clientMetadataUrl?: string;
  /** Where to look for other hosts' configurations (tests give a fake home); by default this user's. */
  discovery?: Partial<LocationContext>;
  /** How long questions to the person stay open; tests shorten them. */
  humanTimeouts?: Partial<HumanTimeouts>;
  /** Tests shorten how long spans wait to be batched for export. */
  telemetryBatchDelayMs?: number;
  /**
   * Load the trace exporter when Settings names an endpoint (the default). `switchboard call` runs no chat turn,
   * so it leaves this off and never imports the OpenTelemetry SDK.
   */
  traceExport?: boolean;
  /**
   * For one-shot CLI commands: which servers to start, how briefly to wait for them to stop, where PATH comes
   * from, whether a connection lists nothing up front (one call).
   */
  serverStart?: Pick<ServerManagerOptions, 'only' | 'shutdownGraceMs' | 'loginShellPath' | 'catalog'>;
  /** Nobody answers servers' questions (`switchboard call`): they are offered only what the host answers itself. */
  unattended?: boolean;
  /**
   * The window can show MCP Apps (the desktop app, browser mode): servers are told so, and `apps.sandboxOrigin`
   * must be set once the sandbox origin is served. The CLI's commands leave it out and declare no apps.
   */
  mcpApps?: boolean;
}

/**
 * The host core: everything the app does, with no Electron in it. Every transport reaches it through
 * `call` (params validated against the shared contract) and `on`.
 */
export class Host {
  readonly events = new HostEventBus();
  readonly dataDir: string;
  readonly configPath: string;
  readonly db: DatabaseSync;
  readonly settings: SettingsStore;
  readonly servers: ServerManager;
  readonly chat: ChatModule;
  /** Every moment where the person decides: tool approval, elicitation, sampling, trust, opening URLs. */
  readonly consent: ConsentBroker;
  /** Sign-in to remote servers (MCP Authorization): credentials in the secret store, the browser opened after consent. */
  readonly oauth: ServerOAuth;
  /** Elicitation, sampling, roots, server trust, approval modes: the answers that come from the person. */
  readonly human: HumanService;
  /** Skills the servers serve (SEP-2640): listed once connected, files read only when the model loads one. */
  readonly skills: SkillsService;
  /** Optional OTLP trace export of chat turns, model requests and tool calls; off until an endpoint is set. */
  readonly telemetry: TelemetryService;
  /** MCP Apps: the `ui://` resources of tools, and what their frames ask of the host. */
  readonly apps: AppsService;
  /** Prompts, resources and completions for the composer; resources shown are watched for changes. */
  readonly context: ContextService;
  readonly resourceWatches: ResourceWatches;
  /** The record of every tool call, whoever made it, redacted; kept for the retention set in Settings. */
  readonly activity: ActivityService;
  private readonly handlers: HostHandlers;
  private closed = false;

  private constructor(options: HostOptions) {
    this.dataDir = path.resolve(options.dataDir);
    this.configPath = path.resolve(options.configPath ?? path.join(this.dataDir, 'mcp.json'));
    this.db = openDatabase(this.dataDir, chatMigrations);
    this.settings = new SettingsStore(this.db);
    this.consent = new ConsentBroker({ events: this.events });
    const secrets = new SecretStore(this.dataDir, options.secretCipher, options.secretFallback);
    const clientMetadata = new ClientMetadataSetting(this.settings, options.clientMetadataUrl);
    this.oauth = new ServerOAuth({ secrets, consent: this.consent, openExternal: options.openExternal, clientMetadataUrl: () => clientMetadata.url() });
    this.human = new HumanService({
      settings: this.settings,
      broker: this.consent,
      events: this.events,
      servers: () => this.servers,
      chatSettings: () => this.chat.settings,
      providers: () => providerFactory(this.chat.settings),
      openExternal: options.openExternal,
      pickFolder: options.pickFolder,
      askTrust: options.serverTrust !== 'config-is-consent',
      unattended: options.unattended,
      timeouts: options.humanTimeouts,
      tracer: () => this.telemetry.tracer(),
    });
    this.telemetry = new TelemetryService({ settings: this.settings, secrets, events: this.events, scheduledDelayMillis: options.telemetryBatchDelayMs });
    const logLevels = new LogLevels(this.settings);
    this.servers = new ServerManager({
      configPath: this.configPath,
      events: this.events,
      settings: this.settings,
      oauth: this.oauth,
      clientCapabilities: options.unattended
        ? (server) => this.human.capabilitiesFor(server)
        : options.mcpApps
          ? withAppsExtension(HUMAN_CAPABILITIES)
          : HUMAN_CAPABILITIES,
      configureClient: (client, name, offered) => {
        this.human.configureClient(client, name, offered);
        this.resourceWatches.configureClient(client, name);
      },
      human: this.human.serverHooks(),
      secrets,
      logLevel: (server) => logLevels.get(server),
      ...options.serverStart,
    });
    const secretValues = new SecretValues(secrets, () => this.servers.writtenConfig().raw);
    this.activity = new ActivityService({ db: this.db, settings: this.settings, events: this.events, secrets: () => secretValues.list() });
    this.servers.calls.recorder = this.activity.recorder;
    void this.activity.start();
    this.skills = new SkillsService({ events: this.events, servers: this.servers, settings: this.settings });
    this.context = new ContextService(this.servers);
    this.resourceWatches = new ResourceWatches(this.servers, this.events);
    this.events.on('servers.changed', (states) => this.resourceWatches.serversChanged(states));
    this.chat = createChatModule({
      db: this.db,
      settings: this.settings,
      events: this.events,
      tools: this.servers,
      skills: this.skills,
      asker: consentAsker(this.consent),
      broker: this.consent,
      secrets,
      prepareContext: (context, text, limit) => this.context.prepare(context, text, limit),
      tracer: () => this.telemetry.tracer(),
    });
    this.chat.approver.policy = this.human.approvalPolicy;
    this.apps = new AppsService({
      db: this.db,
      servers: this.servers,
      approver: () => this.chat.approver,
      chat: () => this.chat.service,
      tracer: () => this.telemetry.tracer(),
    });
    this.chat.service.systemPromptFor = (base, conversationId) => this.apps.modelContext.promptWith(base, conversationId);
    this.handlers = {
      ...createServersHandlers(this.servers, () => this.telemetry.tracer()),
      ...this.chat.handlers,
      ...createAuthHandlers(this.servers, this.oauth, clientMetadata),
      ...createInputsHandlers(this.servers, this.servers.inputValues),
      ...createImportHandlers(this.servers, () => ({ ...defaultLocationContext(), ...options.discovery })),
      ...createConsentHandlers(this.consent, { windowOpensUrls: options.openExternal === undefined }),
      ...createHumanHandlers(this.human, this.servers),
      ...createTasksHandlers(this.servers.calls.tasks),
      ...createSkillsHandlers(this.skills),
      ...this.apps.handlers,
      ...createContextHandlers(this.context, this.resourceWatches),
      ...createLogLevelHandlers(logLevels, this.servers),
      ...createIconHandlers(new ServerIcons(this.servers)),
      ...createTelemetryHandlers(this.telemetry),
      ...this.activity.handlers,
    };
    this.closeQuestionsOfDepartedServers();
  }

  /**
   * A server that stops, crashes or is removed can no longer use an answer: its open questions close at once.
   * Trust questions are about servers that have not started yet, so they stay, as does the question to open
   * the sign-in page of a server that waits for that sign-in.
   */
  private closeQuestionsOfDepartedServers(): void {
    this.events.on('servers.changed', (states) => {
      const live = new Set(states.filter((state) => state.status === 'connected' || state.status === 'connecting').map((state) => state.name));
      for (const request of this.consent.open()) {
        const state = states.find((candidate) => candidate.name === request.server);
        const signingIn = request.kind === 'open-url' && state?.status === 'needs-auth' && state.auth?.signingIn !== undefined;
        if (request.kind !== 'server-trust' && !signingIn && request.server !== undefined && !live.has(request.server)) {
          const reason = state ? `server "${request.server}" is ${state.status}` : `server "${request.server}" was removed`;
          this.consent.closeForServer(request.server, reason);
        }
      }
    });
  }

  static async start(options: HostOptions): Promise<Host> {
    const host = new Host(options);
    if (options.traceExport !== false) await host.telemetry.start();
    if (options.autoStart !== false) await host.servers.start();
    return host;
  }

  /** The single gate for every method: unknown names and bad params never reach a handler. */
  async call(method: string, params: unknown): Promise<unknown> {
    if (!isHostMethodName(method)) throw new HostError('unknown_method', `unknown method: ${String(method)}`);
    const parsed = hostMethods[method].safeParse(params ?? {});
    if (!parsed.success) {
      const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'params'}: ${issue.message}`).join('; ');
      throw new HostError('invalid_params', `${method}: ${detail}`);
    }
    const handler = this.handlers[method] as (params: unknown) => Promise<unknown>;
    try {
      return await handler(parsed.data);
    } catch (error) {
      // Addresses in any error (a connect failure, an OAuth or HTTP error from the SDK) lose their query and user:password.
      const failure = HostError.from(error);
      throw new HostError(failure.code, redactUrlsIn(failure.message));
    }
  }

  on<E extends HostEventName>(event: E, listener: (payload: HostEvents[E]) => void): () => void {
    return this.events.on(event, listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.consent.closeAll('Switchboard is shutting down');
    await this.chat.close();
    // After the turns stopped, so their spans are ended and go out with the last batch.
    await this.telemetry.close();
    this.skills.close();
    this.activity.close();
    await this.resourceWatches.close();
    await this.servers.close();
    this.db.close();
  }
}
