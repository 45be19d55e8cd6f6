import { startTransition, useActionState, useState } from 'react';
import { useAppStore } from '../../app/host-context.tsx';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { isSendKey } from './composer-keys.ts';

interface ComposerProps {
  /** A turn runs: Stop replaces Send. */
  running: boolean;
  /** The chosen provider has a key (or needs none); undefined while the settings are not known yet. */
  ready: boolean | undefined;
  providerName: string;
  onSend: (text: string) => Promise<unknown>;
  onStop: () => Promise<unknown>;
}

export function Composer({ running, ready, providerName, onSend, onStop }: ComposerProps) {
  const showView = useAppStore((state) => state.showView);
  const [text, setText] = useState('');
  const [error, send, sending] = useActionState(async (_previous: string | undefined, message: string) => {
    try {
      await onSend(message);
    } catch (failure) {
      return errorMessage(failure);
    }
    // Only what was sent is cleared: text typed while the call was on its way stays.
    setText((current) => (current === message ? '' : current));
    return undefined;
  }, undefined);
  const [stopping, setStopping] = useState(false);

  const canSend = ready === true && !running && !sending && text.trim() !== '';
  const submit = () => {
    if (canSend) startTransition(() => send(text));
  };
  const stop = () => {
    setStopping(true);
    onStop().finally(() => setStopping(false));
  };

  return (
    <form
      className="composer"
      aria-label="Compose"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {ready === false && (
        <p className="composer-blocked" role="status">
          No API key is set for {providerName}.{' '}
          <button type="button" className="link-button" onClick={() => showView('settings')}>
            Open Settings
          </button>{' '}
          to add one.
        </p>
      )}
      <FormError message={error} />
      <div className="composer-row">
        <textarea
          aria-label="Message"
          placeholder={ready === false ? 'Add an API key in Settings to chat' : 'Message the model (Enter sends, Shift+Enter for a new line)'}
          rows={Math.min(8, Math.max(2, text.split('\n').length))}
          value={text}
          disabled={ready !== true}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, altKey: event.altKey, isComposing: event.nativeEvent.isComposing })) return;
            event.preventDefault();
            submit();
          }}
        />
        {running ? (
          <button type="button" className="button button-danger" onClick={stop} disabled={stopping}>
            {stopping ? 'Stopping…' : 'Stop'}
          </button>
        ) : (
          <button type="submit" className="button button-primary" disabled={!canSend}>
            {sending ? 'Sending…' : 'Send'}
          </button>
        )}
      </div>
    </form>
  );
}
