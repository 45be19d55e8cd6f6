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
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
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
