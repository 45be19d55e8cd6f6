import type { z } from 'zod';
import type { consentMethods, ConsentResults } from '../../../shared/api/consent-api.ts';
import type { ConsentRequest } from '../../../shared/consent/consent-types.ts';
import type { ConsentBroker } from './consent-broker.ts';

type ConsentMethodName = keyof typeof consentMethods;

export type ConsentHandlers = {
  [M in ConsentMethodName]: (params: z.output<(typeof consentMethods)[M]>) => Promise<ConsentResults[M]>;
};

export interface ConsentHandlerOptions {
  /** The host cannot open a browser for the person (browser mode): the window that accepts a URL opens it. */
  windowOpensUrls?: boolean;
}

/** The HostApi methods through which windows see and answer open requests. */
export function createConsentHandlers(broker: ConsentBroker, options: ConsentHandlerOptions = {}): ConsentHandlers {
  return {
    'consent.list': async () => broker.open(),
    'consent.answer': async ({ id, answer }) => {
      const request = broker.get(id);
      broker.answer(id, answer);
      const open = options.windowOpensUrls && request ? urlToOpen(request, answer) : undefined;
      return open ? { id, open } : { id };
    },
  };
}

/** The checked address, when this answer consents to opening it; the broker already refused blocked ones. */
function urlToOpen(request: ConsentRequest, answer: unknown): string | undefined {
  const said = answer as { action?: unknown; decision?: unknown };
  if (request.kind === 'elicitation-url' && request.payload.stage !== 'waiting' && said.action === 'accept') return request.payload.analysis.url;
  if (request.kind === 'open-url' && said.decision === 'open') return request.payload.analysis.url;
  return undefined;
}
