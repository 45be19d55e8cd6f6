/** Shown under arguments the person changed: what the edit does, and a way back to the model's version. */
export function EditedArgumentsHint({ onUndo }: { onUndo: () => void }) {
  return (
    <p className="field-hint">
      Edited: the tool gets your version, and the model is told you changed it.{' '}
      <button type="button" className="link-button" onClick={onUndo}>
        Undo my changes
      </button>
    </p>
  );
}
