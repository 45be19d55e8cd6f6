import type { ConsentContext, ConsentInputs, ConsentKind, ConsentResult } from '../../../shared/consent/consent-types.ts';
import type { ConsentBroker, ConsentGroupItem } from '../consent/consent-broker.ts';
import { kindSpecs } from '../consent/consent-kinds.ts';
import type { UrlChecker } from '../consent/consent-kinds.ts';

export interface AskOptions {
  signal?: AbortSignal;
  context?: ConsentContext;
  timeoutMs?: number;
  /**
   * Questions with the same round key are shown together. The SDK fulfils the inputs of one MRTR round
   * concurrently, each handler with the round's shared abort signal, so that signal is the key.
   */
  round?: object;
}

interface Waiting {
  item: ConsentGroupItem;
  resolve(result: ConsentResult<ConsentKind>): void;
  reject(error: unknown): void;
}

interface Batch {
  waiting: Waiting[];
  options: AskOptions;
}

/**
 * Asks through the broker, gathering the questions of one MRTR round (2026-07-28 basic/patterns/mrtr: a
 * server may ask several inputs at once) into one group, so the person sees them together. The handlers of a
 * round start in the same turn of the event loop; the batch is opened once that turn is over.
 */
export class RoundGatherer {
  private readonly broker: Pick<ConsentBroker, 'request' | 'requestGroup' | 'analyzeUrl'>;
  private readonly batches = new Map<object, Batch>();

  constructor(broker: Pick<ConsentBroker, 'request' | 'requestGroup' | 'analyzeUrl'>) {
    this.broker = broker;
  }

  ask<K extends ConsentKind>(kind: K, server: string, payload: ConsentInputs[K], options: AskOptions = {}): Promise<ConsentResult<K>> {
    const { round, ...requestOptions } = options;
    if (round === undefined) return this.broker.request(kind, server, payload, requestOptions);
    let batch = this.batches.get(round);
    if (!batch) {
      const created: Batch = { waiting: [], options: requestOptions };
      batch = created;
      this.batches.set(round, created);
      setImmediate(() => {
        this.batches.delete(round);
        void this.open(created);
      });
    }
    const item = { kind, server, payload, ...(options.context ? { context: options.context } : {}) } as ConsentGroupItem;
    return new Promise((resolve, reject) => {
      batch.waiting.push({ item, resolve: resolve as Waiting['resolve'], reject });
    });
  }

  private async open(batch: Batch): Promise<void> {
    const { options } = batch;
    // One question that cannot be shown (a form outside the spec's subset) must not take the others down with it.
    const waiting = batch.waiting.filter((entry) => {
      try {
        (kindSpecs[entry.item.kind].prepare as (input: unknown, urls: UrlChecker) => unknown)(entry.item.payload, this.broker);
        return true;
      } catch (error) {
        entry.reject(error);
        return false;
      }
    });
    if (waiting.length === 0) return;
    try {
      if (waiting.length === 1) {
        const [only] = waiting;
        only.resolve(await this.broker.request(only.item.kind, only.item.server, only.item.payload as never, { ...options, context: only.item.context }));
        return;
      }
      const result = await this.broker.requestGroup(
        waiting.map((entry) => entry.item),
        options,
      );
      waiting.forEach((entry, index) =>
        entry.resolve(result.outcome === 'answered' ? { outcome: 'answered', answer: result.answers[index] } : result),
      );
    } catch (error) {
      for (const entry of waiting) entry.reject(error);
    }
  }
}
