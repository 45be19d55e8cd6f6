import type { ChatMessage } from '../../../../shared/chat/chat-types.ts';
import { ServerText } from '../../components/ServerText.tsx';

/** A message an app put into the conversation (`ui/message`): its words are the server's, and shown as such. */
export function AppMessage({ message }: { message: ChatMessage }) {
  const text = message.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
  return (
    <div className="chat-user-text chat-app-message">
      <span className="muted small">
        From the app of <ServerText text={message.fromApp?.tool ?? ''} /> (<ServerText text={message.fromApp?.server ?? ''} />)
      </span>
      <div>
        <ServerText text={text} />
      </div>
    </div>
  );
}
