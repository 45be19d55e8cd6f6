export type ThemeChoice = 'system' | 'light' | 'dark';

const KEY = 'switchboard.theme';

/** This window's pick; kept in the page's own storage, since it is about this display rather than the host. */
export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** `data-theme` on the root element switches the CSS `color-scheme`, which every `light-dark()` colour follows. */
export function applyTheme(choice: ThemeChoice): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Storage refused (a private window): the choice holds until the page reloads.
  }
}
