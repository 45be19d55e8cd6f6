import type { NoticeBlock } from '../../../../shared/chat/chat-types.ts';
import { useAppStore } from '../../app/host-context.tsx';
import { FormError } from '../../components/FormError.tsx';
import { useToolReview } from '../consent/use-tool-review.ts';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';

/** "Held back …" in the conversation, with the review while the tool is still held. */
export function HeldToolNotice({ block, held: { server, tool } }: { block: NoticeBlock; held: { server: string; tool: string } }) {
  const stillHeld = useAppStore((state) => state.heldTools.some((entry) => entry.server === server && entry.tool === tool));
  const { review, error } = useToolReview();
  return (
    <div className="chat-notice chat-notice-warning chat-notice-held" role="note">
      <p>
        <strong>Warning:</strong> {block.text}
      </p>
      {stillHeld ? (
        <button type="button" className="button button-small" onClick={() => review(server, tool)} aria-label={`Review the change to ${writeOutHidden(tool)} on ${server}`}>
          Review the change
        </button>
      ) : (
        <p className="muted small">Reviewed since.</p>
      )}
      <FormError message={error} />
    </div>
  );
}
