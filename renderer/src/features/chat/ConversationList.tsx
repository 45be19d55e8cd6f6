import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SearchHit } from '../../../../shared/chat/chat-types.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { formatWhen } from './chat-format.ts';
import { snippetParts } from './search-snippet.ts';

interface ConversationListProps {
  onNew: () => void;
  onOpen: (id: string) => void;
  onOpenHit: (hit: SearchHit) => void;
}

export function ConversationList({ onNew, onOpen, onOpenHit }: ConversationListProps) {
  const { conversations, openId } = useAppStore(
    useShallow((state) => ({ conversations: state.conversations, openId: state.openConversation?.id })),
  );
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  return (
    <nav className="chat-sidebar" aria-label="Chats">
      <div className="chat-sidebar-head">
        <button type="button" className="button button-primary" onClick={onNew}>
          New chat
        </button>
        <input type="search" aria-label="Search chats" placeholder="Search chats" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {searching ? (
        <SearchResults query={query.trim()} onOpenHit={onOpenHit} />
      ) : conversations === undefined ? (
        <p className="muted chat-sidebar-note" role="status">
          Loading chats…
        </p>
      ) : conversations.length === 0 ? (
        <p className="muted chat-sidebar-note">No chats yet.</p>
      ) : (
        <ul className="chat-conversations" aria-label="Conversations">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <button
                type="button"
                className="chat-conversation"
                aria-current={conversation.id === openId ? 'true' : undefined}
                onClick={() => onOpen(conversation.id)}
              >
                <span className="chat-conversation-title">{conversation.title}</span>
                <span className="muted small">{formatWhen(conversation.updatedAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/** Waits for a pause in typing, then asks `chat.search`; an answer to an older query is dropped. */
function SearchResults({ query, onOpenHit }: { query: string; onOpenHit: (hit: SearchHit) => void }) {
  const api = useHostApi();
  const [result, setResult] = useState<{ query: string; hits?: SearchHit[]; error?: string }>();
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api.call('chat.search', { query }).then(
        (hits) => current && setResult({ query, hits }),
        (failure: unknown) => current && setResult({ query, error: errorMessage(failure) }),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, query]);

  if (!result || result.query !== query) {
    return (
      <p className="muted chat-sidebar-note" role="status">
        Searching…
      </p>
    );
  }
  if (result.error) {
    return (
      <p className="form-error chat-sidebar-note" role="alert">
        {result.error}
      </p>
    );
  }
  const hits = result.hits ?? [];
  return (
    <>
      <p className="muted small chat-sidebar-note" role="status">
        {hits.length === 0 ? 'Nothing found.' : `${hits.length} ${hits.length === 1 ? 'match' : 'matches'}`}
      </p>
      <ul className="chat-conversations" aria-label="Search results">
        {hits.map((hit) => (
          <li key={hit.messageId}>
            <button type="button" className="chat-conversation chat-hit" onClick={() => onOpenHit(hit)}>
              <span className="chat-conversation-title">{hit.title}</span>
              <span className="chat-snippet">
                {snippetParts(hit.snippet).map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
