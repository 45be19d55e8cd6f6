import type { DefinitionDiffSection } from '../../../../shared/consent/definition-diff.ts';
import type { DiffSegment } from '../../../../shared/consent/text-diff.ts';
import { ServerText } from '../../components/ServerText.tsx';

/**
 * The one place a changed tool's text is drawn: every server string in the diff passes through `DiffText`,
 * which shows hidden characters marked, so a change made of invisible characters is seen too.
 */
function DiffText({ segments }: { segments: DiffSegment[] | undefined }) {
  if (!segments) return null;
  return (
    <>
      {segments.map((segment, index) =>
        segment.changed ? (
          <mark key={index} className="diff-mark">
            <ServerText text={segment.text} />
          </mark>
        ) : (
          <span key={index}>
            <ServerText text={segment.text} />
          </span>
        ),
      )}
    </>
  );
}

const SIDE_LABEL = { before: 'Allowed', after: 'Now' } as const;

/** Approved against current, part by part, side by side; changed parts first get a "changed" mark. */
export function DefinitionDiffView({ sections, hasBefore }: { sections: DefinitionDiffSection[]; hasBefore: boolean }) {
  return (
    <div className="definition-diff">
      {sections.map((section) => (
        <section key={section.label} className={`definition-diff-part${section.changed ? ' definition-diff-changed' : ''}`} aria-label={section.label}>
          <h4>
            {section.label} {section.changed ? <span className="pill pill-warning">changed</span> : <span className="muted small">unchanged</span>}
          </h4>
          <table className="diff-table">
            <thead>
              <tr>
                <th scope="col">{SIDE_LABEL.before}</th>
                <th scope="col">{SIDE_LABEL.after}</th>
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row, index) => (
                <tr key={index} className={`diff-row diff-row-${row.kind}`}>
                  <td className="diff-before" data-testid="diff-before">
                    {row.before ? <DiffText segments={row.before} /> : index === 0 && !hasBefore ? <span className="muted">not on record</span> : null}
                  </td>
                  <td className="diff-after" data-testid="diff-after">
                    <DiffText segments={row.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
