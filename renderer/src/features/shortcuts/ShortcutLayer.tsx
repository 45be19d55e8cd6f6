import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { Dialog, justOpened } from '../../components/Dialog.tsx';
import { isTypingTarget, shortcutFor, shortcuts } from './shortcuts.ts';
import type { ShortcutAction } from './shortcuts.ts';
import './shortcuts.css';

/** Listens for the app's shortcuts everywhere, and shows them all on `?`. */
export function ShortcutLayer() {
  const api = useHostApi();
  const { showView, openConversationById } = useAppStore(
    useShallow((state) => ({ showView: state.showView, openConversationById: state.openConversationById })),
  );
  const [help, setHelp] = useState(false);

  useEffect(() => {
    const run = (action: ShortcutAction, dialog: HTMLDialogElement | undefined) => {
      switch (action) {
        case 'help':
          setHelp(true);
          return true;
        case 'settings':
          showView('settings');
          return true;
        case 'activity':
          showView('activity');
          return true;
        case 'search':
          showView('chat');
          focusWhenShown('input[type="search"][aria-label="Search chats"]');
          return true;
        case 'new-chat':
          showView('chat');
          void api.call('chat.create', { replaceEmpty: true }).then(
            (created) => openConversationById(created.id),
            () => undefined,
          );
          return true;
        default:
          return dialog ? pressDialogAction(dialog, action) : false;
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const dialogs = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')];
      const dialog = dialogs.at(-1);
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: isTypingTarget(event.target),
        inDialog: dialog !== undefined,
      });
      // A key meant for what had focus before must not answer a dialog that has just come up.
      if (!action || (dialog && justOpened(dialog))) return;
      if (run(action, dialog)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [api, showView, openConversationById]);

  if (!help) return null;
  return (
    <Dialog title="Keyboard shortcuts" onClose={() => setHelp(false)} description="Single keys, when you are not typing in a field.">
      <div className="dialog-body">
        <dl className="shortcut-list">
          {shortcuts.map((shortcut) => (
            <div key={shortcut.key}>
              <dt>
                <kbd>{shortcut.key}</kbd>
              </dt>
              <dd>
                {shortcut.label}
                {shortcut.where === 'dialog' && <span className="muted"> (in a tool approval)</span>}
              </dd>
            </div>
          ))}
        </dl>
        <footer className="dialog-actions">
          <button type="button" className="button button-primary" onClick={() => setHelp(false)}>
            Done
          </button>
        </footer>
      </div>
    </Dialog>
  );
}

/** Clicks the dialog's button for the action: the one in the focused call's row when there is one, else the first. */
function pressDialogAction(dialog: HTMLDialogElement, action: ShortcutAction): boolean {
  const selector = `[data-shortcut="${action}"]:not(:disabled)`;
  const scope = document.activeElement?.closest('[data-shortcut-scope]');
  const button = (scope && dialog.contains(scope) ? scope.querySelector<HTMLButtonElement>(selector) : null) ?? dialog.querySelector<HTMLButtonElement>(selector);
  button?.click();
  return button !== null;
}

/** The chat view loads on demand: focus its field once it is there (or give up after a second). */
function focusWhenShown(selector: string, triesLeft = 20): void {
  const field = document.querySelector<HTMLElement>(selector);
  if (field) field.focus();
  else if (triesLeft > 0) setTimeout(() => focusWhenShown(selector, triesLeft - 1), 50);
}
