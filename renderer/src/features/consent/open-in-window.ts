import { analyzeUrl } from '../../../../shared/consent/url-safety.ts';
import type { UrlAnalysis } from '../../../../shared/consent/url-safety.ts';

/**
 * The address this window may open after the person accepted, or `undefined`. The host sends `open` only
 * when it cannot open a browser itself (browser mode) and only for an address it allowed; this checks again
 * that it is the very address the person was shown, and one the analysis allows.
 */
export function addressToOpen(open: string | undefined, shown: UrlAnalysis): string | undefined {
  if (open === undefined || !shown.ok || open !== shown.url) return undefined;
  const again = analyzeUrl(open);
  return again.ok && again.url === open ? open : undefined;
}

/** No opener and no referrer: the page gets no handle on Switchboard and does not learn where it was opened from. */
export function openInNewTab(url: string, open: (url: string, target: string, features: string) => unknown = (...args) => window.open(...args)): void {
  open(url, '_blank', 'noopener,noreferrer');
}
