import { useActionState } from 'react';
import { Dialog, DialogActions } from './Dialog.tsx';
import { FormError } from './FormError.tsx';
import { errorMessage } from './error-message.ts';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

export function ConfirmDialog({ title, message, confirmLabel, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const [error, confirm, pending] = useActionState(async () => {
    try {
      await onConfirm();
    } catch (failure) {
      return errorMessage(failure);
    }
    onClose();
    return undefined;
  }, undefined);
  return (
    <Dialog title={title} onClose={onClose} description={message}>
      <form action={confirm} className="dialog-body">
        <FormError message={error} />
        <DialogActions onCancel={onClose}>
          <button type="submit" className={danger ? 'button button-danger' : 'button button-primary'} disabled={pending}>
            {pending ? `${confirmLabel}…` : confirmLabel}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
