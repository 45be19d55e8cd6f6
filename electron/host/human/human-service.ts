import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { Client, ClientCapabilities, CreateMessageRequestParams, ElicitRequestParams, ElicitResult, ListRootsResult } from '@modelcontextprotocol/client';
import type { ApplicationInputRequest } from '@modelcontextprotocol/ext-tasks/client';
import type { ConsentContext } from '../../../shared/consent/consent-types.ts';
import { HostError } from '../../../shared/api/host-error.ts';
import type { LinkOpenOutcome } from '../../../shared/api/human-api.ts';
import type { HumanSettings, RootEntry, ServerHumanSettings } from '../../../shared/consent/human-settings.ts';
import type { ApprovalPolicy } from '../chat/approval/tool-approver.ts';
import type { ChatSettings } from '../chat/chat-settings.ts';
import type { ProviderFactory } from '../chat/providers/provider-factory.ts';
import type { ConsentBroker } from '../consent/consent-broker.ts';
import type { HostEventBus } from '../event-bus.ts';
import { CallHolds } from '../servers/call-holds.ts';
import type { ServerHumanHooks } from '../servers/human-hooks.ts';
import type { ServerManager } from '../servers/server-manager.ts';
import type { SettingsStore } from '../store/database.ts';
import type { CallTracer } from '../telemetry/call-tracer.ts';
import { approvalPolicy } from './approval-policy.ts';
import { ElicitationService } from './elicitation.ts';
import { HumanSettingsStore } from './human-settings-store.ts';
import { existingRoots, folderRoot } from './roots.ts';
import { RoundGatherer } from './round-gatherer.ts';
import type { AskOptions } from './round-gatherer.ts';
import { SamplingService } from './sampling.ts';
import type { SamplingResult } from './sampling.ts';
import { consentTrustGate } from './trust-gate.ts';
import { TrustStore } from './trust-store.ts';

type QuestionKind = 'elicitation' | 'sampling' | 'roots';
interface QuestionParams {
  elicitation: ElicitRequestParams;
  sampling: CreateMessageRequestParams;
  roots: undefined;
}
interface QuestionResults {
  elicitation: ElicitResult;
  sampling: SamplingResult;
  roots: ListRootsResult;
}

/**
 * What the host offers every server. Sampling is advertised to all of them even when a server's sampling is
 * off: the capability is fixed when the connection opens and servers decide at that moment which tools to
 * offer, while the person's setting may change any time; a server whose sampling is off gets the spec's
 * refusal (-1) for each request instead. This is the 2025-era set; 2026-era connections declare it less
 * `roots.listChanged` (servers/start/era-capabilities.ts).
 */
export const HUMAN_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: {}, url: {} },
  // 2025-11-25 client/sampling § Tools in Sampling: tools and toolChoice are taken (sampling-format.ts); `context`
  // (includeContext other than "none") is not, so it is not declared.
  sampling: { tools: {} },
  roots: { listChanged: true },
};

export interface HumanTimeouts {
  /** A form, URL or sampling question without an answer closes after this (and the server gets `cancel` / a refusal). */
  questionMs: number;
  /** The "finish in the browser, then retry" step of a 2025-era -32042. */
  urlWaitMs: number;
  /** A link from the chat waiting to be opened. */
  linkMs: number;
}

export const DEFAULT_HUMAN_TIMEOUTS: HumanTimeouts = { questionMs: 10 * 60_000, urlWaitMs: 30 * 60_000, linkMs: 10 * 60_000 };

type Servers = Pick<ServerManager, 'list' | 'get' | 'client' | 'callContext' | 'restart' | 'note'>;

export interface HumanServiceOptions {
  settings: SettingsStore;
  broker: ConsentBroker;
  events: HostEventBus;
  /** The other parts of the host, created after this one. */
  servers: () => Servers;
  chatSettings: () => ChatSettings;
  providers: () => ProviderFactory;
  /** Electron `shell.openExternal`; absent in browser mode and the CLI. */
  openExternal?: (url: string) => Promise<void>;
  /** Electron `dialog.showOpenDialog` for one folder; absent in browser mode and the CLI. */
  pickFolder?: (title?: string) => Promise<string | undefined>;
  /** Ask before a server's launch first runs; off for the CLI's one-shot commands, which run the file the person named. */
  askTrust: boolean;
  /**
   * Nobody is there to answer a server's questions (`switchboard call`): servers are offered only what the host
   * answers by itself, roots when the server has some, so none waits on a form or a review that never comes.
   */
  unattended?: boolean;
  timeouts?: Partial<HumanTimeouts>;
  /** Trace export, while on: sampling requests are spans. */
  tracer?: () => CallTracer | undefined;
}

/** Every server→person moment, wired once per host: elicitation, sampling, roots, trust, approval modes, links. */
export class HumanService {
  readonly store: HumanSettingsStore;
  readonly trust: TrustStore;
  readonly holds = new CallHolds();
  readonly approvalPolicy: ApprovalPolicy;
  readonly elicitation: ElicitationService;
  readonly sampling: SamplingService;
  /** Read at each question, so a test may shorten them on a running host. */
  readonly timeouts: HumanTimeouts;
  private readonly options: HumanServiceOptions;

  constructor(options: HumanServiceOptions) {
    this.options = options;
    this.timeouts = { ...DEFAULT_HUMAN_TIMEOUTS, ...options.timeouts };
    this.store = new HumanSettingsStore(options.settings);
    this.trust = new TrustStore(options.settings);
    this.approvalPolicy = approvalPolicy(this.store);
    const gatherer = new RoundGatherer(options.broker);
    this.elicitation = new ElicitationService({
      gatherer,
      broker: options.broker,
      openExternal: options.openExternal,
      timeouts: this.timeouts,
      log: (server, level, text) => options.servers().note(server, level, text),
    });
    this.sampling = new SamplingService({
      gatherer,
      broker: options.broker,
      settings: this.store,
      get chatSettings() {
        return options.chatSettings();
      },
      providers: (provider) => options.providers()(provider),
      timeouts: this.timeouts,
      trace: (server, ask) => options.tracer?.()?.sampling({ server, state: options.servers().get(server), context: ask.context }),
    });
  }

  /** For ServerManager: trust before a start, call deadlines that wait for the person, the -32042 URL step. */
  serverHooks(): ServerHumanHooks {
    return {
      ...(this.options.askTrust ? { trustGate: consentTrustGate(this.trust, this.options.broker) } : {}),
      holds: this.holds,
      urlElicitationRequired: (server, elicitations, call) => this.elicitation.urlRequired(server, elicitations, call),
      taskInput: (server, request, call) => this.taskInput(server, request, call) as never,
    };
  }

  /** What `server` is offered when it connects (see HumanServiceOptions.unattended). */
  capabilitiesFor(server: string): ClientCapabilities {
    if (!this.options.unattended) return HUMAN_CAPABILITIES;
    return existingRoots(this.store.server(server).roots).length > 0 ? { roots: HUMAN_CAPABILITIES.roots } : {};
  }

  /** What a 2026-07-28 task asks between polls goes through the same dispatcher as a server's question during a call. */
  private taskInput(server: string, request: ApplicationInputRequest, call: { context?: ConsentContext; signal?: AbortSignal }): Promise<unknown> {
    const signal = call.signal ?? new AbortController().signal;
    const ask = { signal, ...(call.context ? { context: call.context } : {}), round: signal };
    return this.answer(server, this.capabilitiesFor(server), request.kind, request.params as never, ask);
  }

  /**
   * For ServerManager's `configureClient`: one handler set per client serves 2025 requests and 2026 MRTR rounds
   * alike, for what the client `offered` (the SDK refuses a handler for a capability it did not declare).
   */
  configureClient(client: Client, server: string, offered: ClientCapabilities = HUMAN_CAPABILITIES): void {
    const ask = (signal: AbortSignal): AskOptions => {
      // Registered before the broker's own listener: a closed connection closes the question as server-gone, not cancelled.
      signal.addEventListener(
        'abort',
        () => {
          const reason: unknown = signal.reason;
          if (reason instanceof SdkError && reason.code === SdkErrorCode.ConnectionClosed) this.options.broker.closeForServer(server, `server "${server}" disconnected`);
        },
        { once: true },
      );
      const context = this.options.servers().callContext(server);
      return {
        signal,
        ...(context ? { context } : {}),
        ...(client.getProtocolEra() === 'modern' ? { round: signal } : {}),
      };
    };
    if (offered.elicitation) {
      client.setRequestHandler('elicitation/create', (request, ctx) => this.answer(server, offered, 'elicitation', request.params, ask(ctx.mcpReq.signal)));
      client.setNotificationHandler('notifications/elicitation/complete', (notification) =>
        this.elicitation.completed(server, notification.params.elicitationId),
      );
    }
    if (offered.sampling) {
      client.setRequestHandler('sampling/createMessage', (request, ctx) => this.answer(server, offered, 'sampling', request.params, ask(ctx.mcpReq.signal)));
    }
    if (offered.roots) {
      client.setRequestHandler('roots/list', () => this.answer(server, offered, 'roots', undefined, {}));
    }
  }

  /**
   * The one dispatcher of a server's questions, however they come: a 2025 request, a 2026 MRTR round, a 2026
   * task's `input_required`. Only what the server was offered is answered (client/elicitation, client/sampling
   * and client/roots each need the capability declared).
   */
  private answer<K extends QuestionKind>(server: string, offered: ClientCapabilities, kind: K, params: QuestionParams[K], ask: AskOptions): Promise<QuestionResults[K]> {
    if (offered[kind] === undefined) {
      return Promise.reject(new ProtocolError(ProtocolErrorCode.MethodNotFound, `this host did not offer server "${server}" ${kind}, so it cannot answer that`));
    }
    return this.answerers[kind](server, params, ask);
  }

  private readonly answerers: { [K in QuestionKind]: (server: string, params: QuestionParams[K], ask: AskOptions) => Promise<QuestionResults[K]> } = {
    elicitation: (server, params, ask) => this.held(server, () => this.elicitation.handle(server, params, ask)),
    sampling: (server, params, ask) => this.held(server, () => this.sampling.handle(server, params, ask)),
    roots: async (server) => ({ roots: existingRoots(this.store.server(server).roots).map(({ uri, name }) => ({ uri, name })) }),
  };

  settings(): HumanSettings {
    const names = new Set([...this.options.servers().list().map((state) => state.name), ...Object.keys(this.store.all())]);
    return {
      approvalMode: this.store.approvalMode(),
      servers: Object.fromEntries([...names].sort().map((name) => [name, this.store.server(name)])),
      platform: { pickFolder: this.options.pickFolder !== undefined, openExternal: this.options.openExternal !== undefined },
    };
  }

  setApprovalMode(mode: HumanSettings['approvalMode']): HumanSettings {
    this.store.setApprovalMode(mode);
    return this.changed();
  }

  setServer(server: string, patch: Partial<Pick<ServerHumanSettings, 'sampling' | 'autoApproveReadOnly'>>): HumanSettings {
    this.requireServer(server);
    this.store.updateServer(server, patch);
    return this.changed();
  }

  roots(server: string): RootEntry[] {
    this.requireServer(server);
    return this.store.server(server).roots;
  }

  /** Replaces the roots; a connected 2025-era server hears `notifications/roots/list_changed` (client/roots § Root List Changes). */
  async setRoots(server: string, folders: { path: string; name?: string }[]): Promise<RootEntry[]> {
    this.requireServer(server);
    const roots = folders.map((folder) => folderRoot(folder.path, folder.name));
    const unique = [...new Map(roots.map((root) => [root.uri, root])).values()];
    this.store.updateServer(server, { roots: unique });
    this.changed();
    const client = this.options.servers().client(server);
    // 2026-07-28 has no notification for it: a stateless server asks for roots (an MRTR input) each time it needs them.
    if (client?.getProtocolEra() === 'legacy') {
      await client.sendRootsListChanged().catch((error: unknown) => {
        this.options.servers().note(server, 'warning', `could not send roots/list_changed: ${(error as Error).message}`);
      });
    }
    return unique;
  }

  async pickFolder(title?: string): Promise<{ path?: string }> {
    if (!this.options.pickFolder) throw new HostError('request_failed', 'This host cannot show a folder picker: type the folder\'s full path instead.');
    const picked = await this.options.pickFolder(title);
    return picked ? { path: picked } : {};
  }

  /** Links from the chat: shown with their analysis, opened only when the person says so. */
  async openLink(url: string, source?: string): Promise<{ outcome: LinkOpenOutcome; reason?: string }> {
    const analysis = this.options.broker.analyzeUrl(url);
    if (!analysis.ok) return { outcome: 'blocked', reason: analysis.blockedReason };
    const result = await this.options.broker.request('open-url', undefined, { url, ...(source ? { source } : {}) }, { timeoutMs: this.timeouts.linkMs });
    if (result.outcome !== 'answered') return { outcome: 'declined', reason: result.reason };
    if (result.answer.decision !== 'open') return { outcome: 'declined' };
    if (!this.options.openExternal) return { outcome: 'open-in-window' };
    await this.options.openExternal(analysis.url);
    return { outcome: 'opened' };
  }

  private async held<T>(server: string, work: () => Promise<T>): Promise<T> {
    const release = this.holds.hold(server);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private requireServer(server: string): void {
    if (!this.options.servers().get(server)) throw new HostError('not_found', `no server named "${server}"`);
  }

  private changed(): HumanSettings {
    const settings = this.settings();
    this.options.events.emit('human.changed', settings);
    return settings;
  }
}
