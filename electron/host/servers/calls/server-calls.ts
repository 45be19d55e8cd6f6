import { UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { HostError } from '../../../../shared/api/host-error.ts';
import type { ConsentContext } from '../../../../shared/consent/consent-types.ts';
import type { LogLevel, ToolCallOutcome, ToolCallProgress } from '../../../../shared/servers/server-state.ts';
import type { ActivityCall, ToolCallRecorder } from '../../activity/activity-recorder.ts';
import type { HostEventBus } from '../../event-bus.ts';
import { MAX_URL_ELICITATION_RETRIES } from '../human-hooks.ts';
import type { ServerHumanHooks } from '../human-hooks.ts';
import type { ServerConnection, ToolCallControl, TraceContextMeta } from '../server-connection.ts';
import { TaskBoard } from '../tasks/task-board.ts';
import { answeredWithError } from '../call-errors.ts';
import { callOutcomeLine } from './call-outcome.ts';

const MAX_PROGRESS_MESSAGE = 500;

export interface CallToolOptions {
  /** No answer or progress for this long ends the call (default: the server's `timeout.call`). */
  timeoutMs?: number;
  /** The most the call may run in all (default: the server's `timeout.max`). */
  maxMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** The chat turn and tool call behind this call, for questions the server asks while it runs. */
  context?: ConsentContext;
  /** Names the call in its progress events, for a caller without a context (Run tool). */
  callId?: string;
  /** W3C Trace Context of the span of this call, sent to the server in the request's `_meta` (`telemetry/`). */
  traceContext?: TraceContextMeta;
  /** Who makes the call and how it was allowed, for the tool-call record (default: the person, Run tool). */
  activity?: ActivityCall;
}

const BY_THE_PERSON: ActivityCall = { source: 'run-tool', approval: 'person' };

/**
 * Tool calls: the -32042 URL step and its retry, and which calls are in flight per server, so a question a
 * server asks can be tied to the call it belongs to.
 */
export class ServerCalls {
  private readonly connected: (server: string) => ServerConnection;
  private readonly human: ServerHumanHooks | undefined;
  private readonly inFlight = new Map<string, Set<ConsentContext | undefined>>();
  private readonly progressed: (progress: ToolCallProgress) => void;
  private readonly log: (server: string, level: LogLevel, text: string) => void;
  /** The calls that run as tasks, held here rather than by any window. */
  readonly tasks: TaskBoard;
  /** Where every call is recorded, once it ended (host/activity); none in tests that do not look. */
  recorder: ToolCallRecorder | undefined;

  /**
   * `events` hears every call's progress (named by its context or callId) and every change of a task's status;
   * `log` gets a line in the server's log for each call that ended without a result.
   */
  constructor(
    connected: (server: string) => ServerConnection,
    human: ServerHumanHooks | undefined,
    events?: Pick<HostEventBus, 'emit'>,
    log: (server: string, level: LogLevel, text: string) => void = () => {},
  ) {
    this.connected = connected;
    this.human = human;
    this.progressed = (progress) => events?.emit('servers.callProgress', progress);
    this.tasks = new TaskBoard((task) => events?.emit('tasks.changed', task));
    this.log = log;
  }

  async callTool(server: string, tool: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallOutcome> {
    const startedAt = Date.now();
    const call = { conversationId: options.context?.conversationId, ...(options.activity ?? BY_THE_PERSON) };
    const record = (ended: { result?: ToolCallOutcome['result']; error?: unknown; durationMs?: number }) =>
      this.recorder?.ran({ server, tool, arguments: args, call, startedAt, durationMs: ended.durationMs ?? Date.now() - startedAt, ...ended });
    try {
      this.connected(server);
    } catch (error) {
      record({ error });
      throw error;
    }
    try {
      const outcome = await this.callOnce(server, tool, args, options);
      record({ result: outcome.result, durationMs: outcome.durationMs });
      return outcome;
    } catch (error) {
      const line = callOutcomeLine(tool, error);
      this.log(server, line.level, line.text);
      record({ error });
      throw error;
    }
  }

  /** A call refused before it reached the server (denied by the person or by a mode): on the record all the same. */
  recordDenied(server: string, tool: string, args: Record<string, unknown>, call: Omit<ActivityCall, 'approval'>, reason?: string): void {
    this.recorder?.denied(server, tool, args, call, reason);
  }

  private async callOnce(server: string, tool: string, args: Record<string, unknown>, options: CallToolOptions): Promise<ToolCallOutcome> {
    const started = performance.now();
    const { conversationId, toolCallId } = options.context ?? {};
    const names = { server, tool, ...(options.callId ? { callId: options.callId } : {}), ...(conversationId ? { conversationId } : {}), ...(toolCallId ? { toolCallId } : {}) };
    let finished = false;
    // Stopping a task from its card or Run tool stops this call; the connection then cancels the task on the server.
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    const taskInput = this.human?.taskInput;
    const control: ToolCallControl = {
      traceContext: options.traceContext,
      timeoutMs: options.timeoutMs,
      maxMs: options.maxMs,
      signal,
      onTask: (update) => this.tasks.update(names, update, () => stop.abort()),
      ...(taskInput ? { taskInput: (request, questionSignal) => taskInput(server, request, { context: options.context, signal: questionSignal }) } : {}),
      onProgress: (progress) => {
        if (finished) return;
        options.onProgress?.(progress);
        // A message is a status line; a server that sends pages each tick does not get them into every window.
        const message = progress.message === undefined ? {} : { message: progress.message.slice(0, MAX_PROGRESS_MESSAGE) };
        this.progressed({ ...names, progress: progress.progress, ...(progress.total === undefined ? {} : { total: progress.total }), ...message });
      },
    };
    const calls = this.inFlight.get(server) ?? new Set();
    this.inFlight.set(server, calls);
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
            (await this.human?.urlElicitationRequired?.(server, error.elicitations, { context: options.context, signal: options.signal }));
          if (!retry) throw answeredWithError(new HostError('request_failed', `tool "${tool}" on server "${server}" needs a step in the browser first: ${error.message}`));
        }
      }
    } finally {
      finished = true;
      calls.delete(entry);
      if (calls.size === 0) this.inFlight.delete(server);
    }
  }

  /**
   * What a question from this server is about: on 2025-era stdio nothing ties a server's request to the call
   * it belongs to, so it is the one call in flight when there is one, or the conversation all of them share.
   */
  callContext(server: string): ConsentContext | undefined {
    const contexts = [...(this.inFlight.get(server) ?? [])];
    if (contexts.length === 0 || contexts.some((context) => context === undefined)) return contexts.length === 1 ? contexts[0] : undefined;
    if (contexts.length === 1) return { ...contexts[0] };
    const conversations = new Set(contexts.map((context) => context!.conversationId));
    const [conversationId] = conversations;
    return conversations.size === 1 && conversationId !== undefined ? { conversationId } : undefined;
  }
}
