import { useState } from 'react';
import type { ContentBlock } from '@modelcontextprotocol/client';
import { ContentBlockView } from '../../components/tool-result/ContentBlockView.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { formatSize } from './context-search.ts';
import { ResourcePreview } from './ResourcePreview.tsx';
import { useChanged } from './use-composer-context.ts';
import type { Attachment, PendingPrompt } from './use-composer-context.ts';

interface PendingContextProps {
  prompts: PendingPrompt[];
  attachments: Attachment[];
  onRemovePrompt: (id: string) => void;
  onDetach: (id: string) => void;
  onReread: (id: string) => Promise<void>;
}

/** What goes with the next message, shown before it is sent: prompt messages in full, attachments as chips. */
export function PendingContext({ prompts, attachments, onRemovePrompt, onDetach, onReread }: PendingContextProps) {
  if (prompts.length === 0 && attachments.length === 0) return null;
  return (
    <div className="pending-context">
      {prompts.map((prompt) => (
        <section key={prompt.id} className="pending-prompt" aria-label={`Prompt ${prompt.title ?? prompt.prompt} from ${prompt.server}`}>
          <header>
            <span className="pill">Prompt</span> <strong><ServerText text={prompt.title ?? prompt.prompt} /></strong>{' '}
            <span className="muted">from {prompt.server}</span>
            <button type="button" className="icon-button" aria-label={`Remove prompt ${prompt.prompt}`} onClick={() => onRemovePrompt(prompt.id)}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          {prompt.messages.map((message, index) => (
            <div key={index} className={`pending-prompt-message role-${message.role}`}>
              <span className="muted small">{message.role === 'user' ? 'You' : 'Assistant'}</span>
              <ContentBlockView block={message.content as ContentBlock} />
            </div>
          ))}
        </section>
      ))}
      {attachments.length > 0 && (
        <ul className="attachment-chips" aria-label="Attachments">
          {attachments.map((attachment) => (
            <AttachmentChip key={attachment.id} attachment={attachment} onDetach={onDetach} onReread={onReread} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AttachmentChip({ attachment, onDetach, onReread }: { attachment: Attachment; onDetach: (id: string) => void; onReread: (id: string) => Promise<void> }) {
  const changed = useChanged(attachment.server, attachment.uri, attachment.readAt);
  const [previewing, setPreviewing] = useState(false);
  return (
    <li className={changed ? 'attachment-chip changed' : 'attachment-chip'} aria-label={`Attachment ${attachment.name}`} data-changed={changed}>
      <button type="button" className="attachment-name" onClick={() => setPreviewing(true)} title={attachment.uri}>
        <ServerText text={attachment.name} />
      </button>
      <span className="muted small">
        {attachment.server} · {formatSize(attachment.size)}
        {attachment.mimeType ? ` · ${attachment.mimeType}` : ''}
      </span>
      {changed && (
        <button type="button" className="button button-small" onClick={() => void onReread(attachment.id)}>
          Changed · read again
        </button>
      )}
      <button type="button" className="icon-button" aria-label={`Remove ${attachment.name}`} onClick={() => onDetach(attachment.id)}>
        <span aria-hidden="true">×</span>
      </button>
      {previewing && <ResourcePreview server={attachment.server} uri={attachment.uri} name={attachment.name} onClose={() => setPreviewing(false)} />}
    </li>
  );
}
