import { useMemo } from 'react';
import { describeSummary, hiddenSegments, summarizeHidden } from '../../../shared/text/hidden-characters.ts';
import type { HiddenOptions } from '../../../shared/text/hidden-characters.ts';

interface ServerTextProps {
  /** Text a server (or anything outside Switchboard) controls. */
  text: string | undefined | null;
  /** `strict` marks tabs and line breaks too (a command line, an address). */
  mode?: HiddenOptions['mode'];
}

/**
 * Server-controlled text with every invisible or direction-changing character shown as a marked badge
 * (`<U+202E>`, a TAG run with what it spells) instead of doing its work unseen. Isolated with <bdi> so
 * right-to-left text in it cannot reorder what is around it. For a plain-string slot (a title attribute,
 * an <option>, a dialog title) use `writeOutHidden` from the same module.
 */
export function ServerText({ text, mode }: ServerTextProps) {
  const segments = useMemo(() => hiddenSegments(text ?? '', { mode }), [text, mode]);
  if (segments.every((segment) => segment.kind === 'text')) return <bdi>{text ?? ''}</bdi>;
  return (
    <bdi className="server-text">
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <mark key={index} className={`hidden-char hidden-char-${segment.class}`} title={segment.description} aria-label={segment.description} data-hidden-char="">
            {segment.visible}
          </mark>
        ),
      )}
    </bdi>
  );
}

/**
 * For a field that edits server text (a textarea cannot show badges): says that it holds hidden characters and
 * shows them marked, or nothing when it holds none.
 */
export function HiddenCharactersNote({ text }: { text: string }) {
  const summary = useMemo(() => summarizeHidden(text), [text]);
  if (summary.count === 0) return null;
  return (
    <div className="field-hint hidden-chars-note" role="note">
      <strong>This text holds {describeSummary(summary)}</strong>, marked here; the model gets them written out like this:
      <pre className="content-text">
        <ServerText text={text} />
      </pre>
    </div>
  );
}
