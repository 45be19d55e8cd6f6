import type { z } from 'zod';
import { HostError } from '../../../shared/api/host-error.ts';
import type { humanMethods, HumanResults } from '../../../shared/api/human-api.ts';

type HumanMethodName = keyof typeof humanMethods;

export type HumanHandlers = {
  [M in HumanMethodName]: (params: z.output<(typeof humanMethods)[M]>) => Promise<HumanResults[M]>;
};

const pending = async (): Promise<never> => {
  throw new HostError('internal', 'not implemented yet');
};

/** Placeholder until the human-in-the-loop wiring lands: the contract is fixed, the behaviour follows. */
export function createPendingHumanHandlers(): HumanHandlers {
  return {
    'human.get': pending,
    'human.setApprovalMode': pending,
    'human.setServer': pending,
    'roots.get': pending,
    'roots.set': pending,
    'roots.pickFolder': pending,
    'servers.trust': pending,
    'servers.revokeTrust': pending,
    'links.open': pending,
  };
}
