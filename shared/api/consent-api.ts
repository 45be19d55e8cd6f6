import { z } from 'zod';
import type { ConsentClosedEvent, ConsentRequest } from '../consent/consent-types.ts';

export const consentMethods = {
  /** Every open request, oldest first: a window that opens late or reconnects catches up from this. */
  'consent.list': z.object({}).strict(),
  /** The answer is checked by the host against the request's kind, which gives the precise message. */
  'consent.answer': z.object({ id: z.string().min(1).max(200), answer: z.unknown() }).strict(),
} as const;

export interface ConsentResults {
  'consent.list': ConsentRequest[];
  /**
   * `open` is set when the person accepted opening a URL (`elicitation-url`, `open-url`) and this host cannot
   * open a browser for them (browser mode): the answering window opens it, with
   * `window.open(open, '_blank', 'noopener,noreferrer')`. The host checked the address before it was asked.
   */
  'consent.answer': { id: string; open?: string };
}

export interface ConsentEvents {
  'consent.opened': ConsentRequest;
  'consent.closed': ConsentClosedEvent;
}

export const consentEventNames = ['consent.opened', 'consent.closed'] as const satisfies readonly (keyof ConsentEvents)[];
