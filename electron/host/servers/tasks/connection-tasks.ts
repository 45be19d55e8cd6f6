import type { CallToolResult, Client, ClientCapabilities, Implementation, ServerCapabilities, Tool, Transport } from '@modelcontextprotocol/client';
import type {
  ApplicationInputRequest,
  ApplicationInputResult,
  TaskEnabledSession,
  TaskView,
  ToolExecution,
} from '@modelcontextprotocol/ext-tasks/client';
import type * as ExtTasksModule from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';

type ExtTasks = typeof ExtTasksModule;
interface OpenSession {
  ext: ExtTasks;
  session: TaskEnabledSession<CallContext>;
}
interface SessionFraming {
  protocolVersion: string | undefined;
  clientInfo: Implementation;
  clientCapabilities: ClientCapabilities;
}
import { z } from 'zod';
import { HostError } from '../../../../shared/api/host-error.ts';
import type { LeftOutTool, LogLevel, ProtocolEra } from '../../../../shared/servers/server-state.ts';
import type { ToolTaskStatus } from '../../../../shared/servers/tool-task.ts';
import { formatDuration } from '../call-errors.ts';
import type { CallHolds } from '../call-holds.ts';
import { callDeadline } from '../calls/call-deadline.ts';
import type { DeadlineHit } from '../calls/call-deadline.ts';
import { modernClientCapabilities } from '../start/era-capabilities.ts';
import { RawRequests } from './raw-requests.ts';
import { callsAsTask, screenTaskTools, taskSupportOf } from './task-support.ts';
import type { TaskSupport } from './task-support.ts';

/** What a task is doing, as the glue reports it to the caller. */
export interface TaskUpdate {
  taskId: string;
  status: ToolTaskStatus;
  statusMessage?: string;
  protocol: '2025-11-25' | '2026-07-28';
  cancellable: boolean;
}

/** Answers a question a 2026-07-28 task asks (`input_required` with inputRequests); 2025 ones arrive as server requests. */
export type TaskInputAnswer = <R extends ApplicationInputRequest>(request: R, signal: AbortSignal | undefined) => Promise<ApplicationInputResult<R>>;

export interface TaskCallControl {
  signal?: AbortSignal;
  limits: { idleMs: number; maxMs: number };
  onTask?: (update: TaskUpdate) => void;
  input?: TaskInputAnswer;
  /** While the server waits on a person, the limits stand still (as for any call). */
  held?: { holds: CallHolds; server: string };
  /** Trace context for the `tools/call` request's `_meta`, as in a plain call (`ToolCallControl.traceContext`). */
  traceContext?: Record<string, string>;
}

interface CallContext {
  input?: TaskInputAnswer;
}

const anyResult = z.record(z.string(), z.unknown());

/**
 * One connection's tool calls as tasks, on top of ext-tasks: whether the connection does tasks is decided once
 * the era and the server's capabilities are known; ext-tasks itself is loaded, and the session opened, only at
 * the first call that runs as a task, so a connection that never runs one does not pay for loading it. What ext-tasks lacks is
 * written here: the raw request path 2026-07-28 needs (`raw-requests.ts`), the framing of those requests, the
 * host's limits, Stop as `tasks/cancel`, and, in 2025-11-25, calling `tasks/result` as soon as a task needs
 * input, which is how the server delivers its question (Tasks → Input Required: the requestor SHOULD call it).
 */
export class ConnectionTasks {
  private readonly client: Client;
  private readonly server: string;
  private readonly log: (level: LogLevel, text: string) => void;
  private readonly raw = new RawRequests();
  private support: TaskSupport = { kind: 'none', reason: 'not connected' };
  private framing: SessionFraming | undefined;
  private opening: Promise<OpenSession> | undefined;
  private closed = false;
  private tools = new Map<string, Tool>();
  private lost: () => string | undefined = () => undefined;

  constructor(client: Client, server: string, log: (level: LogLevel, text: string) => void) {
    this.client = client;
    this.server = server;
    this.log = log;
  }

  /**
   * Before the client connects: the raw path has to see the transport's messages first. `lost` says why the
   * connection went away, once it did ("exited with code 1", "was stopped").
   */
  attach(transport: Transport, lost?: () => string | undefined): void {
    this.raw.attach(transport);
    if (lost) this.lost = lost;
  }

  /** After connect: decides whether this connection does tasks, and opens the task session when it does. */
  connected(
    era: ProtocolEra,
    capabilities: ServerCapabilities | undefined,
    protocolVersion: string | undefined,
    clientInfo: Implementation,
    clientCapabilities: ClientCapabilities,
  ): void {
    this.support = taskSupportOf(era, capabilities);
    if (this.support.kind !== 'none') this.framing = { protocolVersion, clientInfo, clientCapabilities };
  }

  private open(): Promise<OpenSession> {
    this.opening ??= this.openSession().catch((error: unknown) => {
      this.support = { kind: 'none', reason: `the task session could not be opened: ${(error as Error).message}` };
      this.log('warning', `tool calls will not run as tasks: ${this.support.reason}`);
      throw error;
    });
    return this.opening;
  }

  private async openSession(): Promise<OpenSession> {
    const ext = await import('@modelcontextprotocol/ext-tasks/client');
    const framing = this.framing;
    if (!framing || this.closed) throw new Error('the connection is closed');
    this.raw.useErrors(ext.DispatchError);
    const endpointId = `switchboard:${this.server}`;
    const onInputRequest = <R extends ApplicationInputRequest>(request: R, context: { applicationContext: CallContext; signal?: AbortSignal }) => {
      const input = context.applicationContext?.input;
      if (!input) return Promise.reject(new Error('nobody can answer this question here'));
      return input(request, context.signal);
    };
    const onError = (error: Error) => this.log('warning', `task: ${error.message}`);
    const session =
      this.support.kind === 'v2'
        ? ext.createTaskSessionFromClient<CallContext>(this.client, {
            endpointId,
            onInputRequest,
            onError,
            rawDispatch: this.raw.dispatch,
            v2RequestFraming: {
              protocolVersion: framing.protocolVersion ?? '2026-07-28',
              clientInfo: toJson(framing.clientInfo),
              clientCapabilities: toJson(modernClientCapabilities(framing.clientCapabilities)),
            },
          })
        : ext.createTaskSessionFromClient<CallContext>(this.client, { endpointId, onInputRequest, onError });
    return { ext, session };
  }

  /** Leaves out the tools that require tasks when this connection cannot do them, and remembers the rest. */
  screen(tools: Tool[]): { tools: Tool[]; leftOut: LeftOutTool[] } {
    const screened = screenTaskTools(this.support, tools);
    this.tools = new Map(screened.tools.map((tool) => [tool.name, tool]));
    return screened;
  }

  /** 2025-11-25 decides per tool (`execution.taskSupport`): true while that tool's definition is not known yet. */
  needsDefinition(tool: string): boolean {
    return this.can() && this.support.kind !== 'v2' && !this.tools.has(tool);
  }

  callsAsTask(tool: string): boolean {
    return this.can() && callsAsTask(this.support, this.tools.get(tool));
  }

  private can(): boolean {
    return !this.closed && this.support.kind !== 'none';
  }

  async callTool(name: string, args: Record<string, unknown>, control: TaskCallControl): Promise<CallToolResult> {
    const subject = `tool "${name}" on server "${this.server}"`;
    if (!this.can()) throw new HostError('request_failed', `${subject} cannot run as a task here`);
    let opened: OpenSession;
    try {
      opened = await this.open();
    } catch (error) {
      throw new HostError('request_failed', `${subject} cannot run as a task here: ${(error as Error).message}`);
    }
    const { ext, session } = opened;
    const tool = this.tools.get(name);
    const started = new AbortController();
    const onEarlyAbort = () => started.abort(control.signal?.reason);
    control.signal?.addEventListener('abort', onEarlyAbort, { once: true });
    let execution: ToolExecution<JsonValue, CallContext>;
    try {
      execution = (await session.callTool(name, toJson(args) as Record<string, JsonValue>, {
        ...(tool ? { declaration: ext.toolDeclarationFromMcpTool(tool) } : {}),
        applicationContext: { input: control.input },
        signal: started.signal,
        task: { preference: 'prefer' },
        requestTimeoutMs: control.limits.idleMs,
        ...(control.traceContext ? { metadata: control.traceContext } : {}),
      })) as ToolExecution<JsonValue, CallContext>;
    } catch (error) {
      if (control.signal?.aborted) throw new HostError('cancelled', `the call to ${subject} was cancelled`);
      throw this.describeFailure(ext, error, subject);
    } finally {
      control.signal?.removeEventListener('abort', onEarlyAbort);
    }
    if (execution.kind === 'immediate') {
      const { outcome } = await execution.settle();
      if (outcome.status !== 'completed') throw describeOutcome(outcome, subject);
      return asCallToolResult(outcome.result);
    }
    return this.followTask(ext, execution, control, subject);
  }

  private describeFailure(ext: ExtTasks, error: unknown, subject: string): HostError {
    return describeFailure(ext, error, subject, this.lost());
  }

  close(reason: string): void {
    this.raw.close(reason);
    this.closed = true;
    void this.opening?.then(({ session }) => session.close()).catch(() => {});
  }

  private async followTask(ext: ExtTasks, execution: Extract<ToolExecution<JsonValue, CallContext>, { kind: 'task' }>, control: TaskCallControl, subject: string): Promise<CallToolResult> {
    const taskId = String(execution.handle.taskId);
    const protocol = this.support.kind === 'v2' ? '2026-07-28' : '2025-11-25';
    const cancellable = this.support.kind === 'v2' || (this.support.kind === 'v1' && this.support.cancellable);
    const report = (view: Pick<TaskView, 'status' | 'statusMessage'>) =>
      control.onTask?.({ taskId, status: view.status, ...(view.statusMessage === undefined ? {} : { statusMessage: view.statusMessage }), protocol, cancellable });
    report({ status: 'working' });
    let hit: DeadlineHit | undefined;
    let cancelled = false;
    const cancel = (why: string) => {
      if (cancelled) return;
      cancelled = true;
      execution.cancel().catch((error: unknown) => {
        // Without tasks/cancel (2025-11-25 servers may not offer it) the host stops following; the server may finish it anyway.
        this.log('warning', `could not cancel task ${taskId} (${why}): ${error instanceof ext.TaskCancellationUnsupportedError ? 'the server does not offer tasks/cancel' : (error as Error).message}`);
        void execution.detach();
      });
    };
    // A task answers polls while it works, so each observation restarts the idle limit; the total limit stands.
    const deadline = callDeadline(
      control.limits,
      (which) => {
        hit = which;
        cancel('time limit');
      },
      control.held,
    );
    const onAbort = () => cancel('stopped');
    control.signal?.addEventListener('abort', onAbort, { once: true });
    if (control.signal?.aborted) onAbort();
    const early = new EarlyResult(this.client, taskId, this.support.kind === 'v1');
    try {
      const { outcome } = await execution.settle({
        onEvent: (event) => {
          deadline.progressed();
          const view = ext.taskViewFromExecutionEvent(event);
          if (!view) return;
          report(view);
          if (view.status === 'input_required') early.ask();
        },
      });
      const failure = outcome.status === 'failed' ? (this.lost() ? `the server ${this.lost()}` : outcome.error.message) : undefined;
      report(outcome.status === 'completed' ? { status: 'completed' } : failure !== undefined ? { status: 'failed', statusMessage: failure } : { status: 'cancelled' });
      if (outcome.status === 'completed') return asCallToolResult(outcome.result);
      const lost = outcome.status === 'failed' ? this.lost() : undefined;
      if (lost) throw new HostError('server_unavailable', `the server ${lost} while ${subject} was running`);
      throw describeOutcome(outcome, subject, hit, control.limits);
    } catch (error) {
      if (error instanceof HostError) throw error;
      const stopped = cancelled || error instanceof ext.TaskCancelledError;
      const lost = this.lost();
      report(stopped ? { status: 'cancelled' } : { status: 'failed', statusMessage: lost ? `the server ${lost}` : (error as Error).message });
      if (stopped && hit) throw timedOut(subject, hit, control.limits);
      if (stopped) throw new HostError('cancelled', `the call to ${subject} was cancelled (task ${taskId})`);
      throw this.describeFailure(ext, error, subject);
    } finally {
      early.stop();
      deadline.dispose();
      control.signal?.removeEventListener('abort', onAbort);
    }
  }
}

/**
 * 2025-11-25 (Tasks → Input Required): a server holds a task's questions until the requestor calls `tasks/result`,
 * and answers that call only when the task ends; ext-tasks calls it only at the end, so a task waiting for input
 * would wait for ever. This opens the call once the task needs input; its questions then reach the client's
 * usual handlers (the same dialogs as any other question), and its answer is left to ext-tasks' own call.
 */
class EarlyResult {
  private readonly client: Client;
  private readonly taskId: string;
  private readonly applies: boolean;
  private controller: AbortController | undefined;

  constructor(client: Client, taskId: string, applies: boolean) {
    this.client = client;
    this.taskId = taskId;
    this.applies = applies;
  }

  ask(): void {
    if (!this.applies || this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.client
      .request({ method: 'tasks/result', params: { taskId: this.taskId } }, anyResult, { signal: controller.signal, timeout: 2 ** 31 - 1 })
      .catch(() => {})
      .finally(() => {
        if (this.controller === controller) this.controller = undefined;
      });
  }

  stop(): void {
    this.controller?.abort();
    this.controller = undefined;
  }
}

function describeOutcome(
  outcome: { status: 'failed'; error: { message: string; code?: number } } | { status: 'cancelled' },
  subject: string,
  hit?: DeadlineHit,
  limits?: { idleMs: number; maxMs: number },
): HostError {
  if (outcome.status === 'cancelled') return hit && limits ? timedOut(subject, hit, limits) : new HostError('cancelled', `the task for ${subject} was cancelled`);
  return new HostError('request_failed', `the task for ${subject} failed: ${outcome.error.message}`);
}

function timedOut(subject: string, hit: DeadlineHit, limits: { idleMs: number; maxMs: number }): HostError {
  const limit = hit === 'idle' ? `no progress for ${formatDuration(limits.idleMs)}` : `ran longer than ${formatDuration(limits.maxMs)}`;
  return new HostError('timeout', `${subject} timed out: ${limit}; the host asked the server to cancel its task`);
}

function describeFailure(ext: ExtTasks, error: unknown, subject: string, lost?: string): HostError {
  if (error instanceof HostError) return error;
  if (lost) return new HostError('server_unavailable', `the server ${lost} while ${subject} was running`);
  if (error instanceof ext.JsonRpcResponseError) return new HostError('request_failed', `server answered ${subject} with an error (${error.code}): ${error.message}`);
  return new HostError('request_failed', `${subject} failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** A 2026-07-28 result still carries its `resultType`; the rest of the host sees a plain CallToolResult. */
function asCallToolResult(result: JsonValue): CallToolResult {
  const { resultType: _resultType, ...rest } = (result ?? {}) as Record<string, unknown>;
  return { content: [], ...rest } as CallToolResult;
}

function toJson(value: unknown): Record<string, JsonValue> {
  return JSON.parse(JSON.stringify(value ?? {})) as Record<string, JsonValue>;
}
