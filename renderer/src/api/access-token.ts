import { TOKEN_FRAGMENT_KEY } from '../../../shared/api/wire-protocol.ts';

/** Where the page finds and keeps its token; `window` in the app, fakes in tests. */
export interface TokenPlace {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

const STORAGE_KEY = 'switchboard.accessToken';

/**
 * The browser-mode access token: taken from the printed address's fragment (which no browser sends to a
 * server), kept in sessionStorage (this origin, port included, and this tab only) so a reload still has it,
 * and wiped from the address bar so it is not left in history or on screen.
 */
export function takeAccessToken(place: TokenPlace): string | undefined {
  const fragment = new URLSearchParams(place.location.hash.replace(/^#/, ''));
  const fromAddress = fragment.get(TOKEN_FRAGMENT_KEY);
  if (fromAddress !== null) {
    fragment.delete(TOKEN_FRAGMENT_KEY);
    const rest = fragment.toString();
    place.history.replaceState(place.history.state, '', `${place.location.pathname}${place.location.search}${rest ? `#${rest}` : ''}`);
    if (fromAddress !== '') {
      place.storage.setItem(STORAGE_KEY, fromAddress);
      return fromAddress;
    }
  }
  return place.storage.getItem(STORAGE_KEY) ?? undefined;
}

/** Whether an address's fragment carries a token, as the printed address's does. */
export function hasTokenFragment(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).has(TOKEN_FRAGMENT_KEY);
}

/** After the host refused it: a reload then shows the "open the printed address" screen instead of trying again. */
export function forgetAccessToken(place: Pick<TokenPlace, 'storage'>): void {
  place.storage.removeItem(STORAGE_KEY);
}
