import { analyzeUrl, isLoopbackHost } from '../../../../shared/consent/url-safety.ts';
import type { UrlAnalysis } from '../../../../shared/consent/url-safety.ts';

/**
 * The address this window may open after the person accepted, or `undefined`. The host sends `open` only
 * when it cannot open a browser itself (browser mode) and only for an address it allowed; this checks again
 * that it is the very address the person was shown, and one the analysis allows.
 */
export function addressToOpen(open: string | undefined, shown: UrlAnalysis, here: Pick<Location, 'hostname' | 'port'> = window.location): string | undefined {
  if (open === undefined || !shown.ok || open !== shown.url) return undefined;
  // This page's own port (browser mode) is Switchboard itself: never a link target, even if the host missed it.
  const ownPorts = isLoopbackHost(here.hostname) && here.port !== '' ? [Number(here.port)] : [];
  const again = analyzeUrl(open, { ownPorts });
  return again.ok && again.url === open ? open : undefined;
}

/** No opener and no referrer: the page gets no handle on Switchboard and does not learn where it was opened from. */
export function openInNewTab(url: string, open: (url: string, target: string, features: string) => unknown = (...args) => window.open(...args)): void {
  open(url, '_blank', 'noopener,noreferrer');
}
