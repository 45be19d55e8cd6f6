import { useActionState, useState } from 'react';
import { useHostApi } from '../../app/host-context.tsx';
import { Dialog, DialogActions } from '../../components/Dialog.tsx';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';

export function RenameDialog({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const api = useHostApi();
  // Controlled, so a failed rename keeps what was typed (a form action resets uncontrolled fields).
  const [value, setValue] = useState(title);
  const [error, rename, pending] = useActionState(async () => {
    const next = value.trim();
    if (!next) return 'A title cannot be empty.';
    try {
      await api.call('chat.rename', { id, title: next });
    } catch (failure) {
      return errorMessage(failure);
    }
    onClose();
    return undefined;
  }, undefined);
  return (
    <Dialog title="Rename chat" onClose={onClose}>
      <form action={rename} className="dialog-body">
        <div className="field">
          <label htmlFor="rename-title">Title</label>
          <input id="rename-title" name="title" value={value} onChange={(event) => setValue(event.target.value)} maxLength={200} autoFocus data-autofocus required aria-invalid={error ? true : undefined} />
        </div>
        <FormError message={error} />
        <DialogActions onCancel={onClose}>
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? 'Renaming…' : 'Rename'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
