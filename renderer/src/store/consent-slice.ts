import type { StateCreator } from 'zustand';
import type { ConsentClosedEvent, ConsentCloseOutcome, ConsentRequest } from '../../../shared/consent/consent-types.ts';

/**
 * Something the person should know about a request that is no longer open: the host closed it without an
 * answer (timeout, server gone, the server finished the step itself), or a page was opened for it.
 */
export type ConsentNotice =
  | { id: string; type: 'closed'; request: ConsentRequest; outcome: ConsentCloseOutcome; reason?: string }
  /** `refused`: the host asked this window to open an address other than the one the person accepted. */
  | { id: string; type: 'url'; request: ConsentRequest; url: string; where: UrlOpenedWhere };

export type UrlOpenedWhere = 'tab' | 'browser' | 'refused';

/** Enough to see what just happened; older notices make way. */
const NOTICE_LIMIT = 4;

/** Open consent requests, mirrored from `consent.list`, `consent.opened` and `consent.closed`. */
export interface ConsentSlice {
  /** Oldest first; `undefined` until the first `consent.list` answer. */
  consentRequests: ConsentRequest[] | undefined;
  /** Requests the person put aside ("decide later"): still open, no longer in a modal. */
  deferredConsent: string[];
  /** Newest last. */
  consentNotices: ConsentNotice[];
  consentListed(requests: ConsentRequest[]): void;
  consentOpened(request: ConsentRequest): void;
  /** From the host's event, or `{ id }` alone when this window answered. */
  consentClosed(event: Pick<ConsentClosedEvent, 'id'> & Partial<Pick<ConsentClosedEvent, 'outcome' | 'reason'>>): void;
  deferConsent(id: string): void;
  resumeConsent(id: string): void;
  consentUrlOpened(request: ConsentRequest, url: string, where: UrlOpenedWhere): void;
  dismissConsentNotice(id: string): void;
}

/** Adds or replaces by id, keeping the host's oldest-first order. */
export function addRequest(requests: readonly ConsentRequest[], request: ConsentRequest): ConsentRequest[] {
  const rest = requests.filter((entry) => entry.id !== request.id);
  let at = rest.length;
  while (at > 0 && rest[at - 1].createdAt > request.createdAt) at--;
  return [...rest.slice(0, at), request, ...rest.slice(at)];
}

function pushNotice(notices: readonly ConsentNotice[], notice: ConsentNotice): ConsentNotice[] {
  return [...notices.filter((entry) => entry.id !== notice.id), notice].slice(-NOTICE_LIMIT);
}

export const createConsentSlice: StateCreator<ConsentSlice, [], [], ConsentSlice> = (set) => ({
  consentRequests: undefined,
  deferredConsent: [],
  consentNotices: [],
  consentListed: (requests) =>
    set((state) => {
      const ids = new Set(requests.map((request) => request.id));
      return { consentRequests: requests, deferredConsent: state.deferredConsent.filter((id) => ids.has(id)) };
    }),
  consentOpened: (request) => set((state) => ({ consentRequests: addRequest(state.consentRequests ?? [], request) })),
  consentClosed: ({ id, outcome, reason }) =>
    set((state) => {
      const request = state.consentRequests?.find((entry) => entry.id === id);
      // Only a request this window was showing and nobody answered deserves a word about why it went away.
      const notice: ConsentNotice | undefined =
        request && outcome !== undefined && outcome !== 'answered' ? { id, type: 'closed', request, outcome, ...(reason ? { reason } : {}) } : undefined;
      return {
        consentRequests: state.consentRequests?.filter((entry) => entry.id !== id),
        deferredConsent: state.deferredConsent.filter((entry) => entry !== id),
        ...(notice ? { consentNotices: pushNotice(state.consentNotices, notice) } : {}),
      };
    }),
  deferConsent: (id) => set((state) => (state.deferredConsent.includes(id) ? {} : { deferredConsent: [...state.deferredConsent, id] })),
  resumeConsent: (id) => set((state) => ({ deferredConsent: state.deferredConsent.filter((entry) => entry !== id) })),
  consentUrlOpened: (request, url, where) => set((state) => ({ consentNotices: pushNotice(state.consentNotices, { id: request.id, type: 'url', request, url, where }) })),
  dismissConsentNotice: (id) => set((state) => ({ consentNotices: state.consentNotices.filter((notice) => notice.id !== id) })),
});
