import { startTransition, useActionState, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { ContextPicker, PICKER_ID } from '../context/ContextPicker.tsx';
import { PromptArgumentsDialog, TemplateDialog } from '../context/ContextForms.tsx';
import { PendingContext } from '../context/PendingContext.tsx';
import type { PickerItem, Trigger } from '../context/context-search.ts';
import { useComposerContext } from '../context/use-composer-context.ts';
import type { SendContext } from '../context/use-composer-context.ts';
import { useContextPicker } from '../context/use-context-picker.ts';
import { isSendKey } from './composer-keys.ts';
import '../context/context.css';

interface ComposerProps {
  /** A turn runs: Stop replaces Send. */
  running: boolean;
  /** The chosen provider has a key (or needs none); undefined while the settings are not known yet. */
  ready: boolean | undefined;
  providerName: string;
  onSend: (text: string, context?: SendContext) => Promise<unknown>;
  onStop: () => Promise<unknown>;
}

type OpenForm = Extract<PickerItem, { kind: 'prompt' | 'template' }>;

export function Composer({ running, ready, providerName, onSend, onStop }: ComposerProps) {
  const api = useHostApi();
  const showView = useAppStore((state) => state.showView);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [form, setForm] = useState<OpenForm>();
  const [contextError, setContextError] = useState<string>();
  const input = useRef<HTMLTextAreaElement>(null);
  const context = useComposerContext();
  const [error, send, sending] = useActionState(async (_previous: string | undefined, message: string) => {
    try {
      await onSend(message, context.sendContext());
    } catch (failure) {
      return errorMessage(failure);
    }
    // Only what was sent is cleared: text typed while the call was on its way stays.
    setText((current) => (current === message ? '' : current));
    context.clear();
    return undefined;
  }, undefined);
  const [stopping, setStopping] = useState(false);
  const { attachRequests, attachRequestsTaken } = useAppStore(useShallow((state) => ({ attachRequests: state.attachRequests, attachRequestsTaken: state.attachRequestsTaken })));
  const { attach } = context;
  useEffect(() => {
    if (attachRequests.length === 0) return;
    attachRequestsTaken();
    for (const request of attachRequests) attach(request.server, request.uri, request.name).catch((failure: unknown) => setContextError(errorMessage(failure)));
  }, [attachRequests, attachRequestsTaken, attach]);

  const withoutTrigger = (trigger: Trigger) => {
    const rest = text.slice(0, trigger.start) + text.slice(caret);
    setText(rest);
    setCaret(trigger.start);
  };
  const addPrompt = async (item: Extract<PickerItem, { kind: 'prompt' }>, values: Record<string, string>) => {
    const result = await api.call('prompts.get', { server: item.server, name: item.name, ...(Object.keys(values).length > 0 ? { arguments: values } : {}) });
    context.addPrompt({ server: item.server, prompt: item.name, title: item.title, messages: result.messages });
  };
  const picker = useContextPicker(text, caret, (item, trigger) => {
    withoutTrigger(trigger);
    setContextError(undefined);
    const fail = (failure: unknown) => setContextError(errorMessage(failure));
    if (item.kind === 'resource') context.attach(item.server, item.uri, item.title ?? item.name).catch(fail);
    else if (item.kind === 'template' || (item.prompt.arguments?.length ?? 0) > 0) setForm(item);
    else addPrompt(item, {}).catch(fail);
  });

  const hasContext = context.prompts.length > 0 || context.attachments.length > 0;
  const canSend = ready === true && !running && !sending && (text.trim() !== '' || hasContext);
  const submit = () => {
    if (canSend) startTransition(() => send(text));
  };
  const stop = () => {
    setStopping(true);
    onStop().finally(() => setStopping(false));
  };
  const openAttach = () => {
    const next = text === '' || /\s$/.test(text) ? `${text}@` : `${text} @`;
    setText(next);
    setCaret(next.length);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.length, next.length);
    });
  };

  return (
    <>
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
      <FormError message={error ?? contextError} />
      <PendingContext
        prompts={context.prompts}
        attachments={context.attachments}
        onRemovePrompt={context.removePrompt}
        onDetach={context.detach}
        onReread={(id) => context.reread(id).catch((failure: unknown) => setContextError(errorMessage(failure)))}
      />
      {picker.open && picker.trigger && (
        <ContextPicker kind={picker.trigger.kind} items={picker.items} active={picker.active} onPick={picker.pick} onHover={picker.setActive} />
      )}
      <div className="composer-row">
        <button type="button" className="button composer-attach" aria-label="Attach a resource" title="Attach a resource (@)" disabled={ready !== true} onClick={openAttach}>
          <span aria-hidden="true">@</span>
        </button>
        <textarea
          ref={input}
          aria-label="Message"
          aria-controls={picker.open ? PICKER_ID : undefined}
          aria-autocomplete="list"
          aria-activedescendant={picker.open && picker.items?.length ? `${PICKER_ID}-${picker.active}` : undefined}
          placeholder={ready === false ? 'Add an API key in Settings to chat' : 'Message the model (/ for prompts, @ for resources; Enter sends)'}
          rows={Math.min(8, Math.max(2, text.split('\n').length))}
          value={text}
          disabled={ready !== true}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={(event) => {
            if (picker.onKeyDown(event)) return;
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
      {/* Outside the composer's form: a form inside a form would submit the page. */}
      {form?.kind === 'prompt' && (
        <PromptArgumentsDialog
          server={form.server}
          prompt={form.prompt}
          onClose={() => setForm(undefined)}
          onSubmit={async (values) => {
            await addPrompt(form, values);
            setForm(undefined);
            input.current?.focus();
          }}
        />
      )}
      {form?.kind === 'template' && (
        <TemplateDialog
          server={form.server}
          template={form.template}
          onClose={() => setForm(undefined)}
          onSubmit={async (values) => {
            const { uri } = await api.call('context.expand', { uriTemplate: form.template.uriTemplate, values });
            await context.attach(form.server, uri, uri.split('/').filter(Boolean).at(-1) ?? uri);
            setForm(undefined);
            input.current?.focus();
          }}
        />
      )}
    </>
  );
}
