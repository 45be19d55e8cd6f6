import { useId } from 'react';
import type { UrlAnalysis, WarningSeverity } from '../../../../shared/consent/url-safety.ts';
import { siteName, urlSegments } from './url-segments.ts';
import { ServerText } from '../../components/ServerText.tsx';

const SEVERITY_LABEL: Record<WarningSeverity, string> = { danger: 'Danger', caution: 'Caution', info: 'Note' };

/**
 * An address as text only: never a link, an image or anything else the browser would fetch or preconnect to
 * before the person says yes.
 */
export function UrlReview({ analysis }: { analysis: UrlAnalysis }) {
  const ids = { url: useId(), warnings: useId() };
  const { display } = analysis;
  const punycode = display.host !== '' && display.host !== display.hostUnicode;
  return (
    <div className="url-review">
      <div className="url-review-site">
        <span className="muted small">Site</span> <strong className="url-review-domain">{siteName(analysis)}</strong>
      </div>
      <div className="field">
        <span className="field-label" id={ids.url}>
          Full address
        </span>
        <div className="url-full mono" role="group" aria-labelledby={ids.url}>
          {urlSegments(analysis).map((segment, index) => (
            <span key={index} className={`url-${segment.role}`}>
              <ServerText text={segment.text} mode="strict" />
            </span>
          ))}
        </div>
        {punycode && (
          <p className="field-hint">
            Sent as <code>{display.host}</code>
          </p>
        )}
      </div>
      {!analysis.ok && (
        <div className="callout callout-danger" role="alert">
          <strong>This address cannot be opened.</strong>
          <p>{analysis.blockedReason}</p>
        </div>
      )}
      {analysis.warnings.length > 0 && (
        <section aria-labelledby={ids.warnings} className="url-warnings">
          <h3 id={ids.warnings}>Warnings</h3>
          <ul className="consent-hint-list">
            {analysis.warnings.map((warning) => (
              <li key={warning.code} className={`consent-hint consent-hint-${warning.severity === 'danger' ? 'danger' : warning.severity === 'caution' ? 'warning' : 'neutral'}`}>
                <strong>{SEVERITY_LABEL[warning.severity]}:</strong> {warning.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
