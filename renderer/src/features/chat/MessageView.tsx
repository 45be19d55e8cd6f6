import { lazy, memo, Suspense } from 'react';
import { AppMessage } from '../apps/AppMessage.tsx';
import type { Ref } from 'react';
import type { ChatBlock, ChatMessage, ToolCallBlock } from '../../../../shared/chat/chat-types.ts';
import { useAppStore } from '../../app/host-context.tsx';
import type { StreamingToolInput } from '../../store/tool-input-slice.ts';
import { formatUsage } from './chat-format.ts';
import { HeldToolNotice } from './HeldToolNotice.tsx';
import { ProviderErrorView } from './ProviderErrorView.tsx';
import { ToolCallCard } from './ToolCallCard.tsx';
import { ToolSearchCard } from './ToolSearchCard.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { ContextBlockView } from '../context/ContextBlockView.tsx';

interface MessageViewProps {
  message: ChatMessage;
  onRetry?: () => void;
  /** The virtual list measures and places each row through these. */
  ref?: Ref<HTMLElement>;
  top: number;
  index: number;
  total: number;
  /** Messages of the conversation before the first one loaded: `aria-posinset` counts from the conversation's start. */
  offset?: number;
}

// The Markdown parser and the highlighter's grammars are a large part of the app's code: load them with the first answer shown.
const MarkdownText = lazy(() => import('./MarkdownText.tsx').then((module) => ({ default: module.MarkdownText })));

const NOTICE_LABEL = { info: 'Note', warning: 'Warning', error: 'Error' } as const;

export const MessageView = memo(function MessageView({ message, onRetry, ref, top, index, total, offset = 0 }: MessageViewProps) {
  const user = message.role === 'user';
  const streamingCalls = useAppStore((state) => state.streamingToolInputs[message.id]);
  return (
    <article
      ref={ref}
      style={{ transform: `translateY(${top}px)` }}
      data-index={index}
      data-status={message.status}
      className={`chat-message chat-message-${message.role}`}
      aria-label={message.fromApp ? 'From an app' : user ? 'You' : 'Assistant'}
      aria-posinset={offset + index + 1}
      aria-setsize={total}
    >
      <div className="chat-message-inner">
        {message.fromApp ? (
          <AppMessage message={message} />
        ) : user ? (
          <>
            {message.blocks.map((block, blockIndex) => block.type === 'context' && <ContextBlockView key={blockIndex} block={block} />)}
            <div className="chat-user-text">{message.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n')}</div>
          </>
        ) : (
          <>
            {[
              ...message.blocks.map((block, blockIndex) => <BlockView key={block.type === 'tool_call' ? block.id : blockIndex} block={block} />),
              // A call still being written shows under the same key its block will have, so its app stays mounted.
              ...(streamingCalls ?? [])
                .filter((input) => !message.blocks.some((block) => block.type === 'tool_call' && block.id === input.toolCallId))
                .map((input) => <BlockView key={input.toolCallId} block={streamingCallBlock(input)} inputStreaming />),
            ]}
            {message.status === 'streaming' && message.blocks.length === 0 && <p className="chat-thinking muted">Thinking…</p>}
            {message.status === 'stopped' && (
              <p className="chat-stopped">
                <span className="pill">Stopped</span> The answer was stopped before it finished.
              </p>
            )}
            {message.status === 'error' && message.error && <ProviderErrorView error={message.error} failedAt={message.createdAt} onRetry={onRetry} />}
            <MessageFooter message={message} />
          </>
        )}
      </div>
    </article>
  );
});

function streamingCallBlock(input: StreamingToolInput): ToolCallBlock {
  return { type: 'tool_call', id: input.toolCallId, server: input.server, tool: input.tool, modelName: input.tool, arguments: input.arguments, status: 'awaiting-approval' };
}

function BlockView({ block, inputStreaming }: { block: ChatBlock; inputStreaming?: boolean }) {
  switch (block.type) {
    case 'text':
      return (
        <Suspense fallback={<div className="markdown markdown-loading">{block.text}</div>}>
          <MarkdownText text={block.text} />
        </Suspense>
      );
    case 'tool_call':
      return <ToolCallCard call={block} inputStreaming={inputStreaming} />;
    case 'tool_search':
      return <ToolSearchCard search={block} />;
    case 'context':
      return <ContextBlockView block={block} />;
    case 'notice':
      if (block.heldTool) return <HeldToolNotice block={block} held={block.heldTool} />;
      return (
        <p className={`chat-notice chat-notice-${block.level}`}>
          <strong>{NOTICE_LABEL[block.level]}:</strong> <ServerText text={block.text} />
        </p>
      );
  }
}

function MessageFooter({ message }: { message: ChatMessage }) {
  if (!message.model && !message.usage) return null;
  const offer = message.toolOffer;
  return (
    <footer className="chat-message-footer muted small">
      {message.model && <span>{message.model}</span>}
      {offer && offer.searchable > 0 && (
        <span aria-label="Tools given to the model">
          {offer.loaded} {offer.loaded === 1 ? 'tool' : 'tools'} loaded · {offer.searchable} searchable
        </span>
      )}
      {message.usage && <span aria-label="Tokens used">{formatUsage(message.usage)}</span>}
    </footer>
  );
}
