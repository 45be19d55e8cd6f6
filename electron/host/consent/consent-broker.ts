import { randomUUID } from 'node:crypto';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ConsentEvents } from '../../../shared/api/consent-api.ts';
import { consentAnswerSchemas } from '../../../shared/consent/consent-types.ts';
import type {
  ConsentAnswers,
  ConsentClosed,
  ConsentCloseOutcome,
  ConsentContext,
  ConsentInputs,
  ConsentKind,
  ConsentRequest,
  ConsentResult,
} from '../../../shared/consent/consent-types.ts';
import { analyzeUrl } from '../../../shared/consent/url-safety.ts';
import type { UrlAnalysis } from '../../../shared/consent/url-safety.ts';
import { kindSpecs } from './consent-kinds.ts';
import type { UrlChecker } from './consent-kinds.ts';

/** Where opened and closed requests are announced; the Host's event bus fits. */
export interface ConsentEventSink {
  emit<E extends keyof ConsentEvents>(event: E, payload: ConsentEvents[E]): void;
}

export interface ConsentBrokerOptions {
  events: ConsentEventSink;
  now?: () => number;
  newId?: () => string;
}

export interface ConsentRequestOptions {
  /** Closes the request with `timeout` when nobody answers in time. */
  timeoutMs?: number;
  /** Closes it with `cancelled` (or `timeout`, for a TimeoutError reason): the server cancelled, the call was stopped. */
  signal?: AbortSignal;
  context?: ConsentContext;
  /** Told the open requests' ids at once, before anyone can answer (a server's state links to its trust question). */
  onOpen?: (requests: readonly ConsentRequest[]) => void;
}

export type ConsentGroupItem = {
  [K in ConsentKind]: { kind: K; server?: string; payload: ConsentInputs[K]; context?: ConsentContext };
}[ConsentKind];

export type ConsentGroupResult<T extends readonly ConsentGroupItem[]> =
  | { outcome: 'answered'; answers: { -readonly [I in keyof T]: ConsentAnswers[T[I]['kind']] } }
  | ConsentClosed;

interface Group {
  id: string;
  requests: ConsentRequest[];
  answers: unknown[];
  remaining: number;
  settled: boolean;
  resolve(result: { outcome: 'answered'; answers: unknown[] } | ConsentClosed): void;
  timer?: ReturnType<typeof setTimeout>;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Entry {
  request: ConsentRequest;
  group: Group;
  index: number;
}

/** How many closed ids are remembered, to tell "already answered" from "never existed". */
const REMEMBERED_CLOSED = 500;

type LooseSpec = { prepare(input: unknown, urls: UrlChecker): unknown; check(payload: unknown, answer: unknown, urls: UrlChecker): unknown };

/**
 * Holds every question waiting for a person. A request resolves with the answer, or with a typed close
 * (`cancelled`, `timeout`, `server-gone`) and never rejects once open; callers turn a close into whatever
 * their protocol needs (an elicitation `cancel`, a denied tool call).
 */
export class ConsentBroker implements UrlChecker {
  private readonly entries = new Map<string, Entry>();
  private readonly ownPorts = new Set<number>();
  private readonly closed = new Map<string, string>();
  private readonly events: ConsentEventSink;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(options: ConsentBrokerOptions) {
    this.events = options.events;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
  }

  /** Rejects (before anything opens) only when the request cannot be shown: a bad timeout, a form outside the spec's subset. */
  async request<K extends ConsentKind>(
    kind: K,
    server: string | undefined,
    payload: ConsentInputs[K],
    options: ConsentRequestOptions = {},
  ): Promise<ConsentResult<K>> {
    const item = { kind, payload, ...(server !== undefined ? { server } : {}) } as ConsentGroupItem;
    const result = await this.openGroup([item], options, false);
    return result.outcome === 'answered' ? { outcome: 'answered', answer: result.answers[0] as ConsentAnswers[K] } : result;
  }

  /**
   * Opens several requests together, as one MRTR round asks for several inputs at once (2026-07-28
   * basic/patterns/mrtr): answered when every one is. The retry needs a response for each input, so when one
   * closes unanswered the rest close with it.
   */
  async requestGroup<const T extends readonly ConsentGroupItem[]>(items: T, options: ConsentRequestOptions = {}): Promise<ConsentGroupResult<T>> {
    return (await this.openGroup(items, options, true)) as ConsentGroupResult<T>;
  }

  /** Throws HostError `not_found` for an id that is not open, `invalid_params` for a wrong answer (the request stays open). */
  answer(id: string, raw: unknown): void {
    const entry = this.entries.get(id);
    if (!entry) {
      const how = this.closed.get(id);
      throw new HostError('not_found', how ? `Consent request ${id} is already closed (${how}).` : `There is no open consent request ${id}.`);
    }
    const { kind } = entry.request;
    const parsed = consentAnswerSchemas[kind].safeParse(raw);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`).join('; ');
      throw new HostError('invalid_params', `Not an answer to a ${kind} request: ${detail}`);
    }
    const answer = (kindSpecs[kind] as unknown as LooseSpec).check(entry.request.payload, parsed.data, this);
    const { group } = entry;
    group.answers[entry.index] = answer;
    group.remaining -= 1;
    this.close(entry, 'answered');
    if (group.remaining === 0) this.finish(group, { outcome: 'answered', answers: group.answers });
  }

  /** Closes a request and the rest of its group, as when the person stops the turn. False when it was not open. */
  cancel(id: string, reason = 'Cancelled'): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.closeGroup(entry.group, 'cancelled', reason);
    return true;
  }

  /** The server went away (stopped, crashed, removed): nothing it asked can be answered any more. Returns how many closed. */
  closeForServer(server: string, reason = `${server} disconnected`): number {
    const groups = new Set<Group>();
    for (const entry of this.entries.values()) if (entry.request.server === server) groups.add(entry.group);
    let count = 0;
    for (const group of groups) count += this.closeGroup(group, 'server-gone', reason);
    return count;
  }

  /** On shutdown. */
  closeAll(reason = 'Switchboard is shutting down'): void {
    for (const group of new Set([...this.entries.values()].map((entry) => entry.group))) this.closeGroup(group, 'cancelled', reason);
  }

  /**
   * Marks a loopback port as Switchboard's own (browser mode's): every URL question judges addresses on it
   * blocked, so no server can get Switchboard opened inside itself. Returns the undo.
   */
  protectOwnPort(port: number): () => void {
    this.ownPorts.add(port);
    return () => this.ownPorts.delete(port);
  }

  /** The one URL analysis of the host: whoever asks before opening an address asks this, and so knows the host's own ports. */
  analyzeUrl(url: string): UrlAnalysis {
    return analyzeUrl(url, { ownPorts: this.ownPorts });
  }

  /** The open request with this id. */
  get(id: string): ConsentRequest | undefined {
    return this.entries.get(id)?.request;
  }

  /** Open requests, oldest first. */
  open(): ConsentRequest[] {
    return [...this.entries.values()].map((entry) => entry.request);
  }

  private openGroup(
    items: readonly ConsentGroupItem[],
    options: ConsentRequestOptions,
    grouped: boolean,
  ): Promise<{ outcome: 'answered'; answers: unknown[] } | ConsentClosed> {
    const { timeoutMs, signal } = options;
    if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
      return Promise.reject(new RangeError(`timeoutMs must be a positive number of milliseconds, not ${timeoutMs}`));
    }
    if (items.length === 0) return Promise.resolve({ outcome: 'answered', answers: [] });
    if (signal?.aborted) return Promise.resolve(abortResult(signal));

    let payloads: unknown[];
    try {
      // A private, frozen copy: the caller may change its objects later, and the payload must cross IPC as data.
      payloads = items.map((item) => deepFreeze(structuredClone((kindSpecs[item.kind] as unknown as LooseSpec).prepare(item.payload, this))));
    } catch (error) {
      if (error instanceof HostError) return Promise.reject(error);
      return Promise.reject(new HostError('invalid_params', `This request cannot be shown: ${(error as Error).message}`));
    }

    const createdAt = this.now();
    const deadline = timeoutMs !== undefined ? createdAt + timeoutMs : undefined;
    const groupId = this.newId();
    return new Promise((resolve) => {
      const group: Group = { id: groupId, requests: [], answers: new Array(items.length), remaining: items.length, settled: false, resolve };
      items.forEach((item, index) => {
        const context = item.context ?? options.context;
        const request = Object.freeze({
          id: this.newId(),
          kind: item.kind,
          ...(item.server !== undefined ? { server: item.server } : {}),
          payload: payloads[index],
          createdAt,
          ...(deadline !== undefined ? { deadline } : {}),
          ...(context !== undefined ? { context: deepFreeze(structuredClone(context)) } : {}),
          ...(grouped ? { group: Object.freeze({ id: groupId, index, size: items.length }) } : {}),
        }) as ConsentRequest;
        group.requests.push(request);
        this.entries.set(request.id, { request, group, index });
      });
      if (timeoutMs !== undefined) {
        group.timer = setTimeout(() => this.closeGroup(group, 'timeout', `No answer within ${duration(timeoutMs)}`), timeoutMs);
      }
      if (signal) {
        group.signal = signal;
        group.onAbort = () => {
          const result = abortResult(signal);
          this.closeGroup(group, result.outcome, result.reason);
        };
        signal.addEventListener('abort', group.onAbort, { once: true });
      }
      options.onOpen?.(group.requests);
      // A listener may answer or cancel at once; announce only what is still open.
      for (const request of group.requests) if (this.entries.has(request.id)) this.events.emit('consent.opened', request);
    });
  }

  private close(entry: Entry, outcome: 'answered' | ConsentCloseOutcome, reason?: string): void {
    const { request, group } = entry;
    this.entries.delete(request.id);
    this.closed.set(request.id, reason ? `${outcome}: ${reason}` : outcome);
    if (this.closed.size > REMEMBERED_CLOSED) this.closed.delete(this.closed.keys().next().value as string);
    this.events.emit('consent.closed', {
      id: request.id,
      kind: request.kind,
      ...(request.server !== undefined ? { server: request.server } : {}),
      ...(request.group ? { groupId: group.id } : {}),
      outcome,
      ...(reason !== undefined ? { reason } : {}),
    });
  }

  private closeGroup(group: Group, outcome: ConsentCloseOutcome, reason: string): number {
    if (group.settled) return 0;
    let count = 0;
    for (const request of group.requests) {
      const entry = this.entries.get(request.id);
      if (entry) {
        this.close(entry, outcome, reason);
        count += 1;
      }
    }
    this.finish(group, { outcome, reason });
    return count;
  }

  private finish(group: Group, result: { outcome: 'answered'; answers: unknown[] } | ConsentClosed): void {
    if (group.settled) return;
    group.settled = true;
    if (group.timer !== undefined) clearTimeout(group.timer);
    if (group.signal && group.onAbort) group.signal.removeEventListener('abort', group.onAbort);
    group.resolve(result);
  }
}

function abortResult(signal: AbortSignal): ConsentClosed {
  const reason: unknown = signal.reason;
  const isTimeout = typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError';
  const text = typeof reason === 'string' ? reason : reason instanceof Error || isTimeout ? (reason as Error).message : '';
  return { outcome: isTimeout ? 'timeout' : 'cancelled', reason: text || 'The request was cancelled' };
}

function duration(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.round(seconds / 60)} minutes`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
