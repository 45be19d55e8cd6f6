import type { z } from 'zod';
import type { consentMethods, ConsentResults } from '../../../shared/api/consent-api.ts';
import type { ConsentBroker } from './consent-broker.ts';

type ConsentMethodName = keyof typeof consentMethods;

export type ConsentHandlers = {
  [M in ConsentMethodName]: (params: z.output<(typeof consentMethods)[M]>) => Promise<ConsentResults[M]>;
};

/** The HostApi methods through which windows see and answer open requests. */
export function createConsentHandlers(broker: ConsentBroker): ConsentHandlers {
  return {
    'consent.list': async () => broker.open(),
    'consent.answer': async ({ id, answer }) => {
      broker.answer(id, answer);
      return { id };
    },
  };
}
