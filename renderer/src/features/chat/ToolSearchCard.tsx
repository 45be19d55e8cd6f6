import type { ToolSearchBlock } from '../../../../shared/chat/chat-types.ts';
import { ServerText } from '../../components/ServerText.tsx';

/** A search the model made for tools it was not shown, and the tools it brought in. */
export function ToolSearchCard({ search }: { search: ToolSearchBlock }) {
  const by = search.via === 'provider' ? 'the provider’s tool search' : 'Switchboard’s tool search';
  return (
    <section className="tool-search" aria-label="Tool search" data-via={search.via}>
      <p className="tool-search-head">
        <strong>Searched tools</strong> for “<ServerText text={search.query} />” <span className="muted small">({by})</span>
      </p>
      {search.error ? (
        <p className="tool-search-error">The search failed: {search.error}</p>
      ) : search.found.length === 0 ? (
        <p className="muted small">Nothing matched.</p>
      ) : (
        <ul className="tool-search-found" aria-label="Tools this search brought in">
          {search.found.map((tool) => (
            <li key={`${tool.server}\u0000${tool.tool}`}>
              <code className="tool-call-server">
                <ServerText text={tool.server} />
              </code>{' '}
              <strong>
                <ServerText text={tool.tool} />
              </strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
