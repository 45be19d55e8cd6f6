import { use, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ConsentRequest } from '../../../../shared/consent/consent-types.ts';
import { useAppStore } from '../../app/host-context.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { ConsentGroupContext } from './ConsentFrame.tsx';

/** Where a request comes from: the server, the chat turn that led to it, and how long it stays open. */
export function ConsentOrigin({ request, onDefer }: { request: ConsentRequest; onDefer: () => void }) {
  // A group shows where it comes from once, above its questions.
  const inGroup = use(ConsentGroupContext);
  const conversationId = request.context?.conversationId;
  const { title, onScreen, showView, openConversationById } = useAppStore(
    useShallow((state) => ({
      title: state.conversations?.find((entry) => entry.id === conversationId)?.title,
      onScreen: state.view === 'chat' && state.openConversation?.id === conversationId,
      showView: state.showView,
      openConversationById: state.openConversationById,
    })),
  );
  // The chat sits behind the modal: put the request aside to look, and come back to it from the tool call.
  const showChat = () => {
    onDefer();
    showView('chat');
    if (conversationId) openConversationById(conversationId);
  };
  const left = useSecondsLeft(request.deadline);
  if (inGroup) return null;
  return (
    <div className="consent-origin">
      <p>
        {request.server ? (
          <>
            From the server <strong><ServerText text={request.server} /></strong>
          </>
        ) : (
          'From Switchboard'
        )}
        {conversationId && (
          <>
            {', '}while answering in <strong>“{title ?? 'a conversation'}”</strong>
            {request.context?.toolCallId && ' (the call is marked in the chat)'}.{' '}
            {!onScreen && (
              <button type="button" className="link-button" onClick={showChat}>
                Show the chat
              </button>
            )}
          </>
        )}
      </p>
      {left !== undefined && (
        <p className="muted small" role="timer">
          {left > 0 ? `Closes in ${formatLeft(left)} if not answered.` : 'Closing: no answer in time.'}
        </p>
      )}
    </div>
  );
}

function formatLeft(seconds: number): string {
  return seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
}

function useSecondsLeft(deadline: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === undefined ? undefined : Math.max(0, Math.ceil((deadline - now) / 1000));
}
