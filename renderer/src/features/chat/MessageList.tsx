import { useEffect, useRef } from 'react';
import type { UIEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatMessage } from '../../../../shared/chat/chat-types.ts';
import { LOAD_OLDER_WITHIN_SCREENS } from './message-pages.ts';
import { MessageView } from './MessageView.tsx';

interface MessageListProps {
  messages: ChatMessage[];
  busy: boolean;
  /** Sends the person's last message again after a failed answer. */
  onRetry?: () => void;
  /** A message to bring into view (a search hit); changes to the value scroll again. */
  reveal?: { messageId: string; at: number };
  /** Called when the rows near the first loaded message come into view (older ones are fetched then). */
  onNearStart?: () => void;
  /** Messages in the whole conversation, of which `messages` are the newest (older pages not loaded yet). */
  total?: number;
}

/** Pixels from the bottom that still count as "at the latest message". */
const NEAR_END = 48;

/**
 * Only the rows on screen are in the DOM, so a conversation of thousands of messages scrolls like a short one.
 * Anchored at the end: while the view is at the bottom, a growing answer and new messages keep it there; once
 * the person scrolls up it stays where they put it.
 */
export function MessageList({ messages, busy, onRetry, reveal, onNearStart, total = messages.length }: MessageListProps) {
  const count = Math.max(total, messages.length);
  const offset = count - messages.length;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 160,
    getItemKey: (index) => messages[index].id,
    overscan: 3,
    paddingStart: 16,
    paddingEnd: 16,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: NEAR_END,
  });

  // First show the end of the conversation, or the message a search hit points at.
  const placed = useRef(false);
  const revealed = useRef<number>(undefined);
  useEffect(() => {
    if (messages.length === 0) return;
    if (reveal && revealed.current !== reveal.at) {
      const index = messages.findIndex((message) => message.id === reveal.messageId);
      if (index !== -1) {
        revealed.current = reveal.at;
        placed.current = true;
        virtualizer.scrollToIndex(index, { align: 'start' });
        return;
      }
    }
    if (placed.current) return;
    placed.current = true;
    virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [messages, reveal, virtualizer]);

  // Asked on the person's scrolling only: the list is placed at its end without a scroll event near the top.
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (onNearStart && placed.current && element.scrollTop < element.clientHeight * LOAD_OLDER_WITHIN_SCREENS) onNearStart();
  };

  const lastAssistant = messages.findLastIndex((message) => message.role === 'assistant');
  const atEnd = messages.length === 0 || virtualizer.isAtEnd(NEAR_END);
  const items = virtualizer.getVirtualItems();

  return (
    <div className="chat-scroll-wrap">
      <div ref={scrollRef} className="chat-scroll" tabIndex={-1} onScroll={onScroll}>
        <div role="feed" aria-label="Messages" aria-busy={busy} className="chat-feed" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const message = messages[item.index];
            return (
              <MessageView
                key={item.key}
                ref={virtualizer.measureElement}
                index={item.index}
                total={count}
                offset={offset}
                message={message}
                onRetry={item.index === lastAssistant && message.status === 'error' ? onRetry : undefined}
                top={item.start}
              />
            );
          })}
        </div>
      </div>
      {!atEnd && (
        <button type="button" className="button button-small chat-jump" onClick={() => virtualizer.scrollToIndex(messages.length - 1, { align: 'end' })}>
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}
