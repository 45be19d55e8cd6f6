import type { ConsentResults } from '../../../../shared/api/consent-api.ts';
import type { ConsentAnswerInputs, ConsentKind, ConsentRequestOf } from '../../../../shared/consent/consent-types.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';

/** Sends the answer; the request leaves the list at once rather than when `consent.closed` comes back. */
export function useConsentAnswer<K extends ConsentKind>(
  request: ConsentRequestOf<K>,
): (answer: ConsentAnswerInputs[K]) => Promise<ConsentResults['consent.answer']> {
  const api = useHostApi();
  const consentClosed = useAppStore((state) => state.consentClosed);
  return async (answer) => {
    const result = await api.call('consent.answer', { id: request.id, answer });
    consentClosed({ id: request.id });
    return result;
  };
}
