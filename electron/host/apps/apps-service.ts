import type { DatabaseSync } from 'node:sqlite';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { HostError } from '../../../shared/api/host-error.ts';
import type { AppsResults } from '../../../shared/api/apps-api.ts';
import { visibleToApps } from '../../../shared/apps/tool-visibility.ts';
import type { HostMethodParsedParams } from '../../../shared/api/host-api.ts';
import type { LogLevel } from '../../../shared/servers/server-state.ts';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import type { ChatService } from '../chat/chat-service.ts';
import { activityApprovalOf } from '../chat/approval/tool-approver.ts';
import type { ToolApprover } from '../chat/approval/tool-approver.ts';
import type { ServerManager } from '../servers/server-manager.ts';
import { tracedCall } from '../telemetry/call-tracer.ts';
import type { CallTracer, ToolCallTraceStart } from '../telemetry/call-tracer.ts';
import { AppModelContext } from './model-context.ts';

type AppsMethod = keyof AppsResults;
export type AppsHandlers = { [M in AppsMethod]: (params: HostMethodParsedParams<M>) => Promise<AppsResults[M]> };

export interface AppsServiceOptions {
  /** Opened with `chatMigrations`: the apps' model context is saved with their conversation. */
  db: DatabaseSync;
  servers: Pick<ServerManager, 'catalog' | 'readResource' | 'callTool' | 'note' | 'get'> & Partial<Pick<ServerManager, 'calls'>>;
  approver: () => ToolApprover;
  chat: () => Pick<ChatService, 'send'>;
  /** While trace export is on: each call an app makes is a trace of its own, a denied one too. */
  tracer?: () => CallTracer | undefined;
}

const LOG_LEVELS = new Set<LogLevel>(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

function refused(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * The host's side of MCP Apps: the app's resource and sandbox address, and what an app may ask of the host:
 * its own server's tools (approved like the model's calls), messages into the conversation, log lines.
 * Where apps can be shown at all is said by `sandboxOrigin` (browser mode's second port, Electron's protocol).
 */
export class AppsService {
  sandboxOrigin: string | undefined;
  readonly handlers: AppsHandlers;
  readonly modelContext: AppModelContext;
  private readonly options: AppsServiceOptions;

  constructor(options: AppsServiceOptions) {
    this.options = options;
    this.modelContext = new AppModelContext(options.db);
    this.handlers = {
      'apps.resource': ({ server, tool }) => this.resource(server, tool),
      'apps.callTool': (params) => this.callTool(params),
      'apps.message': (params) => this.message(params),
      'apps.updateContext': async ({ server, app, text }) => {
        if (!app.conversationId) return { accepted: false, reason: 'this app is not in a conversation' };
        try {
          this.modelContext.set(app.conversationId, server, app.tool, text);
        } catch {
          return { accepted: false, reason: 'there is no such conversation' };
        }
        return { accepted: true };
      },
      'apps.context': async ({ server, app }) => {
        const text = app.conversationId ? this.modelContext.get(app.conversationId, server, app.tool) : undefined;
        return text === undefined ? {} : { text };
      },
      'apps.log': async ({ server, app, level, text }) => {
        const known = LOG_LEVELS.has(level as LogLevel) ? (level as LogLevel) : 'info';
        this.options.servers.note(server, known, `app of ${app.tool}: ${text}`);
        return {};
      },
    };
  }

  private async resource(server: string, toolName: string) {
    const origin = this.sandboxOrigin;
    if (!origin) throw new HostError('server_unavailable', 'apps are shown only in the desktop app and browser mode');
    // ext-apps is loaded once an app is shown, not by every host (the `switchboard` command never shows one).
    const { appResourceFrom, uiResourceUriOf } = await import('./ui-resource.ts');
    const catalog = this.options.servers.catalog(server);
    const uri = uiResourceUriOf(server, catalog.tools.find((entry) => entry.name === toolName));
    const read = await this.options.servers.readResource(server, uri);
    return appResourceFrom(uri, read, catalog.resources.find((entry) => entry.uri === uri), origin);
  }

  private async callTool({ server, tool: toolName, arguments: args, app }: HostMethodParsedParams<'apps.callTool'>): Promise<CallToolResult> {
    const activity = { source: 'app' as const, ...(app.conversationId ? { conversationId: app.conversationId } : {}) };
    const refuse = (why: string) => {
      this.options.servers.calls?.recordDenied(server, toolName, args, activity, why);
      return refused(why);
    };
    const tool = this.options.servers.catalog(server).tools.find((entry) => entry.name === toolName);
    if (!tool || !tool.enabled) return refuse(`"${toolName}" is not a tool of ${server} that is switched on`);
    if (!visibleToApps(tool)) return refuse(`"${toolName}" is not available to apps`);
    const { enabled: _enabled, ...definition } = tool;
    const traced: ToolCallTraceStart = {
      source: 'app',
      server,
      tool: toolName,
      state: this.options.servers.get(server),
      appTool: app.tool,
      ...(app.conversationId ? { conversationId: app.conversationId } : {}),
    };
    const askedAt = Date.now();
    const outcome = await this.options.approver().approve(
      {
        conversationId: app.conversationId ?? '',
        server,
        tool: definition,
        modelName: toolName,
        arguments: args,
        ...(app.toolCallId ? { toolCallId: app.toolCallId } : {}),
        fromApp: app.tool,
      },
      new AbortController().signal,
    );
    if (!outcome.run) {
      if (outcome.status !== 'cancelled') this.options.servers.calls?.recordDenied(server, toolName, args, activity, outcome.status === 'denied' ? outcome.reason : outcome.error);
      if (outcome.status === 'denied') this.options.tracer?.()?.deniedCall(traced, { startedAt: askedAt, via: outcome.via });
      const why = outcome.status === 'denied' ? `denied${outcome.reason ? `: ${outcome.reason}` : ''}` : outcome.error;
      this.options.servers.note(server, 'info', `app of ${app.tool}: call of ${toolName} did not run (${why})`);
      return refused(`The call did not run: ${why}`);
    }
    this.options.servers.note(server, 'info', `app of ${app.tool} called ${toolName}`);
    const called = await tracedCall(this.options.tracer?.(), traced, (traceContext) =>
      this.options.servers.callTool(server, toolName, outcome.arguments, { activity: { ...activity, ...activityApprovalOf(outcome) }, ...(traceContext ? { traceContext } : {}) }),
    );
    return called.result;
  }

  private async message({ server, app, text }: HostMethodParsedParams<'apps.message'>): Promise<AppsResults['apps.message']> {
    if (!app.conversationId) return { sent: false, reason: 'this app is not in a conversation' };
    try {
      // The app's words reach the model like any server text: hidden characters written out (`<U+202E>`).
      this.options.chat().send({ conversationId: app.conversationId, text: writeOutHidden(text), fromApp: { server, tool: app.tool } });
      return { sent: true };
    } catch (error) {
      return { sent: false, reason: (error as Error).message };
    }
  }
}
