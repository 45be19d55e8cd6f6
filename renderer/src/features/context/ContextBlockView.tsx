import type { ContextBlock } from '../../../../shared/context/context-types.ts';
import { contextLabel } from '../../../../shared/context/context-text.ts';
import { ContentBlockView } from '../../components/tool-result/ContentBlockView.tsx';
import { ServerText } from '../../components/ServerText.tsx';

/** Context in a sent message: where it came from, folded, with what the model got inside. */
export function ContextBlockView({ block }: { block: ContextBlock }) {
  const label = contextLabel(block);
  return (
    <details className="chat-context" aria-label={label}>
      <summary>
        <span className="pill">{block.source.kind === 'prompt' ? 'Prompt' : 'Attached'}</span> <ServerText text={label} />
        {block.capped && (
          <span className="muted small">
            {' '}
            · cut to {block.capped.keptChars.toLocaleString('en-US')} of {block.capped.originalChars.toLocaleString('en-US')} characters
          </span>
        )}
      </summary>
      {block.content.map((content, index) => (
        <ContentBlockView key={index} block={content} />
      ))}
    </details>
  );
}
