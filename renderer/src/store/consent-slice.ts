import type { StateCreator } from 'zustand';
import type { ConsentClosedEvent, ConsentRequest } from '../../../shared/consent/consent-types.ts';

/** Open consent requests, mirrored from `consent.list`, `consent.opened` and `consent.closed`. */
export interface ConsentSlice {
  /** Oldest first; `undefined` until the first `consent.list` answer. */
  consentRequests: ConsentRequest[] | undefined;
  /** Requests the person put aside ("decide later"): still open, no longer in a modal. */
  deferredConsent: string[];
  consentListed(requests: ConsentRequest[]): void;
  consentOpened(request: ConsentRequest): void;
  consentClosed(event: Pick<ConsentClosedEvent, 'id'>): void;
  deferConsent(id: string): void;
  resumeConsent(id: string): void;
}

/** Adds or replaces by id, keeping the host's oldest-first order. */
export function addRequest(requests: readonly ConsentRequest[], request: ConsentRequest): ConsentRequest[] {
  const rest = requests.filter((entry) => entry.id !== request.id);
  let at = rest.length;
  while (at > 0 && rest[at - 1].createdAt > request.createdAt) at--;
  return [...rest.slice(0, at), request, ...rest.slice(at)];
}

export const createConsentSlice: StateCreator<ConsentSlice, [], [], ConsentSlice> = (set) => ({
  consentRequests: undefined,
  deferredConsent: [],
  consentListed: (requests) =>
    set((state) => {
      const ids = new Set(requests.map((request) => request.id));
      return { consentRequests: requests, deferredConsent: state.deferredConsent.filter((id) => ids.has(id)) };
    }),
  consentOpened: (request) => set((state) => ({ consentRequests: addRequest(state.consentRequests ?? [], request) })),
  consentClosed: ({ id }) =>
    set((state) => ({
      consentRequests: state.consentRequests?.filter((request) => request.id !== id),
      deferredConsent: state.deferredConsent.filter((entry) => entry !== id),
    })),
  deferConsent: (id) => set((state) => (state.deferredConsent.includes(id) ? {} : { deferredConsent: [...state.deferredConsent, id] })),
  resumeConsent: (id) => set((state) => ({ deferredConsent: state.deferredConsent.filter((entry) => entry !== id) })),
});
