import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'normal' | 'wide';
  description?: string;
}

/** A native modal <dialog>: focus trap, Esc and the top layer come from the browser. */
export function Dialog({ title, onClose, children, size = 'normal', description }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    // No close() in a cleanup: StrictMode re-runs effects, and the close event would dismiss the dialog.
    if (dialog && !dialog.open) {
      // A field React focused (autoFocus) keeps focus; showModal alone would move it to the first button, ×.
      const field = dialog.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
      dialog.showModal();
      dialog.dataset.openedAt = String(Date.now());
      (field ?? initialFocus(dialog))?.focus();
    }
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onKeyDownCapture={(event) => {
        // A key meant for what was focused before (Enter to send a message) must not answer a dialog that just opened.
        const onButton = event.target instanceof HTMLButtonElement;
        if (onButton && (event.key === 'Enter' || event.key === ' ') && justOpened(event.currentTarget)) event.preventDefault();
      }}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {description && (
        <p id={descriptionId} className="dialog-description">
          {description}
        </p>
      )}
      {children}
    </dialog>
  );
}

const KEY_GUARD_MS = 600;

/** Whether a dialog opened too recently for a key press to be meant for it. */
export function justOpened(dialog: HTMLDialogElement, now = Date.now()): boolean {
  return now - Number(dialog.dataset.openedAt ?? 0) < KEY_GUARD_MS;
}

/**
 * Where a dialog opens: on an element marked `data-autofocus` (a field to fill), else on its safe primary
 * action, never on ×: a primary that is dangerous (`button-danger`) is not safe, so then the first other action.
 */
function initialFocus(dialog: HTMLDialogElement): HTMLElement | null {
  return (
    dialog.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)') ??
    dialog.querySelector<HTMLElement>('.dialog-actions .button-primary:not(:disabled)') ??
    dialog.querySelector<HTMLElement>('.dialog-actions button:not(:disabled):not(.button-danger)')
  );
}

/** A dialog's closing row: Cancel, then the dialog's own action. */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <footer className="dialog-actions">
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      {children}
    </footer>
  );
}
