/**
 * The app's keyboard shortcuts: single keys, taken only when focus is not in a text field (so typing is never
 * taken for a command) and no modifier is held (so the browser's and the system's own stay theirs).
 */
export type ShortcutAction = 'new-chat' | 'search' | 'activity' | 'settings' | 'help' | 'allow-once' | 'deny';

export interface Shortcut {
  key: string;
  action: ShortcutAction;
  label: string;
  /** `dialog`: only in an open dialog that offers the action; `app`: only when no dialog is open (help: anywhere). */
  where: 'app' | 'dialog';
}

export const shortcuts: readonly Shortcut[] = [
  { key: 'n', action: 'new-chat', label: 'New chat', where: 'app' },
  { key: '/', action: 'search', label: 'Search chats', where: 'app' },
  { key: 'l', action: 'activity', label: 'Activity (the log of tool calls)', where: 'app' },
  { key: ',', action: 'settings', label: 'Settings', where: 'app' },
  { key: '?', action: 'help', label: 'Show these shortcuts', where: 'app' },
  { key: 'a', action: 'allow-once', label: 'Allow once (the call in focus, else the first)', where: 'dialog' },
  { key: 'd', action: 'deny', label: 'Deny (the call in focus, else the first)', where: 'dialog' },
];

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element is one that takes typing (input, textarea, select, contenteditable). */
  typing: boolean;
  /** A modal dialog is open. */
  inDialog: boolean;
}

/** The action a key press asks for, or undefined when it is not a shortcut here. */
export function shortcutFor(press: KeyPress): ShortcutAction | undefined {
  if (press.typing || press.ctrlKey || press.metaKey || press.altKey) return undefined;
  const found = shortcuts.find((shortcut) => shortcut.key === press.key);
  if (!found) return undefined;
  if (found.action === 'help') return found.action;
  return (found.where === 'dialog') === press.inDialog ? found.action : undefined;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return false;
}
