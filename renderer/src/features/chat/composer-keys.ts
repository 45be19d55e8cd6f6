export interface KeyPress {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  /** True while an input method is composing: its Enter picks a candidate, it does not send. */
  isComposing: boolean;
}

/** Enter sends; Shift+Enter (and Alt+Enter) start a new line. */
export function isSendKey(press: KeyPress): boolean {
  return press.key === 'Enter' && !press.shiftKey && !press.altKey && !press.isComposing;
}
