import type { CallToolResult } from '@modelcontextprotocol/client';
import { JsonView } from '../JsonView.tsx';
import { ContentBlockView } from './ContentBlockView.tsx';
import { formatDuration } from './content-size.ts';
import './tool-result.css';

interface ToolResultViewProps {
  result: CallToolResult;
  durationMs?: number;
  /** Heading text; the chat shows the tool's name here. */
  title?: string;
}

/** A tool's result as a person should see it: every content block, structured content, and whether it failed. */
export function ToolResultView({ result, durationMs, title = 'Result' }: ToolResultViewProps) {
  const failed = result.isError === true;
  const content = result.content ?? [];
  return (
    <section className={failed ? 'tool-result tool-result-error' : 'tool-result'} aria-label={title}>
      <header className="tool-result-head">
        <span className="tool-result-title">{title}</span>
        {failed ? (
          <span className="pill pill-danger" role="status">
            Error: the tool reported a failure
          </span>
        ) : (
          <span className="pill pill-ok">Success</span>
        )}
        {durationMs !== undefined && <span className="muted">took {formatDuration(durationMs)}</span>}
      </header>
      {content.length === 0 && result.structuredContent === undefined && <p className="muted">The tool returned no content.</p>}
      <ol className="tool-result-blocks">
        {content.map((block, index) => (
          <li key={index}>
            <ContentBlockView block={block} />
          </li>
        ))}
      </ol>
      {result.structuredContent !== undefined && (
        <div className="tool-result-structured">
          <h4>Structured content</h4>
          <JsonView value={result.structuredContent} label="Structured content" />
        </div>
      )}
    </section>
  );
}
