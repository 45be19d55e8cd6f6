import type { ConsentResults } from '../../../../shared/api/consent-api.ts';
import type { ConsentRequest } from '../../../../shared/consent/consent-types.ts';
import type { UrlAnalysis } from '../../../../shared/consent/url-safety.ts';
import { useAppStore } from '../../app/host-context.tsx';
import { addressToOpen, openInNewTab } from './open-in-window.ts';

/**
 * After the person accepted opening an address: in browser mode the host hands it back for this window to
 * open; in Electron the host already opened it. Either way the person is told what happened.
 */
export function useOpenAccepted(request: ConsentRequest, analysis: UrlAnalysis): (result: ConsentResults['consent.answer']) => void {
  const urlOpened = useAppStore((state) => state.consentUrlOpened);
  return (result) => {
    if (result.open === undefined) {
      urlOpened(request, analysis.url, 'browser');
      return;
    }
    const url = addressToOpen(result.open, analysis);
    if (url === undefined) {
      urlOpened(request, result.open, 'refused');
      return;
    }
    openInNewTab(url);
    urlOpened(request, url, 'tab');
  };
}
