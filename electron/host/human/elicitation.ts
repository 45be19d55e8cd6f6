import type { ElicitRequestParams, ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/client';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ConsentContext } from '../../../shared/consent/consent-types.ts';
import type { ConsentBroker } from '../consent/consent-broker.ts';
import type { AskOptions, RoundGatherer } from './round-gatherer.ts';

export interface ElicitationDeps {
  gatherer: RoundGatherer;
  broker: Pick<ConsentBroker, 'request' | 'analyzeUrl'>;
  /** Opens an accepted URL in the system browser; absent in browser mode, where the answering window does. */
  openExternal?: (url: string) => Promise<void>;
  /** Read at each question: `questionMs` for a form or URL, `urlWaitMs` for the "finish, then retry" step of a -32042. */
  timeouts: { questionMs: number; urlWaitMs: number };
  log(server: string, level: 'info' | 'notice' | 'warning', text: string): void;
}

/** Completion notices that arrived before anyone waited for them, kept this long. */
const EARLY_COMPLETION_MS = 10 * 60_000;

/**
 * `elicitation/create` in both modes and both eras, and the 2025-era URL-required error (-32042). Every
 * outcome is one of the spec's three actions (client/elicitation § Response Actions): a question that closes
 * without an answer (timeout, server gone, stopped) is `cancel`.
 */
export class ElicitationService {
  private readonly deps: ElicitationDeps;
  private readonly waiting = new Map<string, AbortController>();
  private readonly completedEarly = new Map<string, number>();

  constructor(deps: ElicitationDeps) {
    this.deps = deps;
  }

  async handle(server: string, params: ElicitRequestParams, ask: AskOptions): Promise<ElicitResult> {
    const options = { ...ask, timeoutMs: this.deps.timeouts.questionMs };
    if (params.mode === 'url') return this.url(server, params, options);
    let result;
    try {
      result = await this.deps.gatherer.ask('elicitation-form', server, { message: params.message, requestedSchema: params.requestedSchema as Record<string, unknown> }, options);
    } catch (error) {
      // client/elicitation § Requested Schema: a form outside the restricted subset may be declined.
      if (!(error instanceof HostError) || error.code !== 'invalid_params') throw error;
      this.deps.log(server, 'warning', `declined a form that cannot be shown: ${error.message}`);
      return { action: 'decline' };
    }
    return result.outcome === 'answered' ? result.answer : { action: 'cancel' };
  }

  /**
   * The server answered a 2025-era tool call with -32042. For each URL: may it be opened; open it; then wait
   * until the person says they are done or the server's `notifications/elicitation/complete` arrives. True
   * when the call should be retried (2025-11-25 client/elicitation § URL Elicitation Required Error).
   */
  async urlRequired(server: string, elicitations: ElicitRequestURLParams[], call: { context?: ConsentContext; signal?: AbortSignal }): Promise<boolean> {
    for (const elicitation of elicitations) {
      const asked = await this.url(server, elicitation, { context: call.context, signal: call.signal, timeoutMs: this.deps.timeouts.questionMs });
      if (asked.action !== 'accept') return false;
      const key = completionKey(server, elicitation.elicitationId);
      if (key && this.takeEarlyCompletion(key)) continue;
      const completed = new AbortController();
      if (key) this.waiting.set(key, completed);
      try {
        const signal = call.signal ? AbortSignal.any([call.signal, completed.signal]) : completed.signal;
        const done = await this.deps.broker.request(
          'elicitation-url',
          server,
          { message: elicitation.message, url: elicitation.url, ...(elicitation.elicitationId ? { elicitationId: elicitation.elicitationId } : {}), stage: 'waiting' },
          { signal, context: call.context, timeoutMs: this.deps.timeouts.urlWaitMs },
        );
        if (completed.signal.aborted) continue;
        if (done.outcome !== 'answered' || done.answer.action !== 'accept') return false;
      } finally {
        if (key && this.waiting.get(key) === completed) this.waiting.delete(key);
      }
    }
    return true;
  }

  /** `notifications/elicitation/complete`: the step in the browser is done; a waiting question closes and the call goes on. */
  completed(server: string, elicitationId: string): void {
    const key = completionKey(server, elicitationId)!;
    const waiter = this.waiting.get(key);
    if (waiter) {
      waiter.abort(new Error('The server reported that the step in the browser is complete'));
      return;
    }
    const now = Date.now();
    for (const [old, at] of this.completedEarly) if (now - at > EARLY_COMPLETION_MS) this.completedEarly.delete(old);
    this.completedEarly.set(key, now);
    this.deps.log(server, 'info', `elicitation ${elicitationId} is complete`);
  }

  private takeEarlyCompletion(key: string): boolean {
    const at = this.completedEarly.get(key);
    this.completedEarly.delete(key);
    return at !== undefined && Date.now() - at <= EARLY_COMPLETION_MS;
  }

  /** client/elicitation § Safe URL Handling: never fetched, opened only with consent, blocked ones declined unasked. */
  private async url(server: string, params: Pick<ElicitRequestURLParams, 'message' | 'url' | 'elicitationId'>, ask: AskOptions): Promise<ElicitResult> {
    const analysis = this.deps.broker.analyzeUrl(params.url);
    if (!analysis.ok) {
      this.deps.log(server, 'warning', `declined a URL it may not open (${analysis.blockedReason})`);
      return { action: 'decline' };
    }
    const result = await this.deps.gatherer.ask(
      'elicitation-url',
      server,
      { message: params.message, url: params.url, ...(params.elicitationId ? { elicitationId: params.elicitationId } : {}), stage: 'consent' },
      ask,
    );
    if (result.outcome !== 'answered') return { action: 'cancel' };
    if (result.answer.action === 'accept' && this.deps.openExternal) {
      try {
        await this.deps.openExternal(analysis.url);
      } catch (error) {
        this.deps.log(server, 'warning', `could not open the browser: ${(error as Error).message}`);
        return { action: 'cancel' };
      }
    }
    return result.answer;
  }
}

function completionKey(server: string, elicitationId: string | undefined): string | undefined {
  return elicitationId === undefined ? undefined : `${server}\u0000${elicitationId}`;
}
