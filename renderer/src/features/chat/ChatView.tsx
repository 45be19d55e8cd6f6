import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SearchHit } from '../../../../shared/chat/chat-types.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { providerReady } from '../../store/settings-slice.ts';
import { turnStateOf } from '../../store/chat-slice.ts';
import { Composer } from './Composer.tsx';
import type { SendContext } from '../context/use-composer-context.ts';
import { ConversationList } from './ConversationList.tsx';
import { downloadText } from './export-download.ts';
import { MessageList } from './MessageList.tsx';
import { ModelPicker } from './ModelPicker.tsx';
import type { ModelChoice } from './ModelPicker.tsx';
import { RenameDialog } from './RenameDialog.tsx';
import { ToolsPickerButton } from './ToolsPicker.tsx';
import './chat.css';

type Reveal = { conversationId: string; messageId: string; at: number };

export function ChatView() {
  const api = useHostApi();
  const { conversations, openId, open } = useAppStore(
    useShallow((state) => ({ conversations: state.conversations, openId: state.openConversation?.id, open: state.openConversationById })),
  );
  const [reveal, setReveal] = useState<Reveal>();
  const [error, setError] = useState<string>();

  // Coming back to the chat shows the most recent conversation rather than an empty pane.
  useEffect(() => {
    if (!openId && conversations && conversations.length > 0) open(conversations[0].id);
  }, [openId, conversations, open]);

  const createConversation = async () => {
    const created = await api.call('chat.create', { replaceEmpty: true });
    open(created.id);
    return created.id;
  };
  const newChat = () => {
    setError(undefined);
    createConversation().catch((failure: unknown) => setError(errorMessage(failure)));
  };
  const openHit = (hit: SearchHit) => {
    open(hit.conversationId, hit.messageId);
    setReveal({ conversationId: hit.conversationId, messageId: hit.messageId, at: Date.now() });
  };

  return (
    <div className="chat-view">
      <ConversationList
        onNew={newChat}
        onOpen={(id) => {
          setReveal(undefined);
          open(id);
        }}
        onOpenHit={openHit}
      />
      <ChatPane
        key={openId ?? 'none'}
        reveal={reveal?.conversationId === openId ? reveal : undefined}
        createConversation={createConversation}
        error={error}
      />
    </div>
  );
}

interface ChatPaneProps {
  reveal: Reveal | undefined;
  createConversation: () => Promise<string>;
  error: string | undefined;
}

function ChatPane({ reveal, createConversation, error }: ChatPaneProps) {
  const api = useHostApi();
  const { openConversation, summary, settings, turn, olderWanted } = useAppStore(
    useShallow((state) => ({
      openConversation: state.openConversation,
      olderWanted: state.olderMessagesWanted,
      summary: state.conversations?.find((entry) => entry.id === state.openConversation?.id),
      settings: state.settings,
      turn: state.openConversation ? turnStateOf(state, state.openConversation.id) : 'idle',
    })),
  );
  const [picked, setPicked] = useState<ModelChoice>();
  const [dialog, setDialog] = useState<'rename' | 'delete'>();
  const [actionError, setActionError] = useState<string>();

  const choice: ModelChoice = picked ??
    (summary?.provider && summary.model
      ? { provider: summary.provider, model: summary.model }
      : { provider: settings?.defaultProvider ?? 'anthropic', model: settings?.defaultModel ?? '' });
  // Unknown until the settings arrive: the composer waits without claiming a key is missing.
  const ready = settings ? providerReady(settings, choice.provider) : undefined;
  const running = turn !== 'idle';
  const id = openConversation?.id;
  const messages = openConversation?.messages ?? [];

  const send = async (text: string, context?: SendContext) => {
    const conversationId = id ?? (await createConversation());
    await api.call('chat.send', { conversationId, text, provider: choice.provider, ...(choice.model ? { model: choice.model } : {}), ...(context ? { context } : {}) });
  };
  const retry = () => {
    const lastQuestion = messages.findLast((message) => message.role === 'user');
    const text = lastQuestion?.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    if (text) send(text).catch((failure: unknown) => setActionError(errorMessage(failure)));
  };
  const exportMenu = useRef<HTMLDetailsElement>(null);
  const exportAs = (format: 'markdown' | 'json') => {
    if (!id) return;
    if (exportMenu.current) exportMenu.current.open = false;
    setActionError(undefined);
    api.call('chat.export', { id, format }).then(
      (file) => downloadText(file.filename, file.mimeType, file.content),
      (failure: unknown) => setActionError(`Could not export: ${errorMessage(failure)}`),
    );
  };

  return (
    <section className="chat-pane" aria-label="Chat">
      <header className="chat-header">
        <h1 className="chat-title">{summary?.title ?? 'New chat'}</h1>
        <div className="chat-header-actions">
          <ModelPicker value={choice} onChange={setPicked} />
          <ToolsPickerButton conversationId={id} disabledTools={openConversation?.disabledTools ?? []} />
          {id && (
            <>
              <details className="menu" ref={exportMenu}>
                <summary className="button button-small">Export</summary>
                <div className="menu-items">
                  <button type="button" className="button button-small" onClick={() => exportAs('markdown')}>
                    Export as Markdown
                  </button>
                  <button type="button" className="button button-small" onClick={() => exportAs('json')}>
                    Export as JSON
                  </button>
                </div>
              </details>
              <button type="button" className="button button-small" onClick={() => setDialog('rename')}>
                Rename
              </button>
              <button type="button" className="button button-small button-quiet-danger" onClick={() => setDialog('delete')}>
                Delete
              </button>
            </>
          )}
        </div>
      </header>
      {(error ?? actionError) && (
        <p className="form-error chat-pane-error" role="alert">
          {error ?? actionError}
        </p>
      )}
      {openConversation && !openConversation.loaded && messages.length === 0 ? (
        <p className="muted chat-empty" role="status">
          Loading the conversation…
        </p>
      ) : messages.length === 0 ? (
        <div className="chat-empty">
          <h2>Ask anything</h2>
          <p className="muted">The model can use the tools of every connected server; you approve each call before it runs.</p>
        </div>
      ) : (
        <MessageList
          messages={messages}
          busy={running}
          onRetry={running ? undefined : retry}
          reveal={reveal}
          onNearStart={olderWanted}
          total={openConversation?.hasOlder ? summary?.messageCount : undefined}
        />
      )}
      <Composer
        running={running}
        ready={ready}
        providerName={choice.provider === 'openai' ? (settings?.providers.openai.label ?? 'the OpenAI-compatible provider') : 'Anthropic'}
        onSend={send}
        onStop={() => (id ? api.call('chat.stop', { conversationId: id }) : Promise.resolve())}
      />
      {dialog === 'rename' && id && <RenameDialog id={id} title={summary?.title ?? ''} onClose={() => setDialog(undefined)} />}
      {dialog === 'delete' && id && (
        <ConfirmDialog
          title={`Delete “${summary?.title ?? 'this chat'}”?`}
          message="The conversation and its messages are deleted for good, along with tool permissions given for it."
          confirmLabel="Delete"
          danger
          onConfirm={() => api.call('chat.delete', { id })}
          onClose={() => setDialog(undefined)}
        />
      )}
    </section>
  );
}
