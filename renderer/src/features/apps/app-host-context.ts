import type { McpUiDisplayMode, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';

export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

export function currentTheme(): 'light' | 'dark' {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** What the app is told about where it runs (MCP Apps 2026-01-26 → Host context). */
export function hostContextFor(options: { displayMode: McpUiDisplayMode; width: number }): McpUiHostContext {
  return {
    theme: currentTheme(),
    displayMode: options.displayMode,
    availableDisplayModes: DISPLAY_MODES,
    platform: 'desktop',
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    containerDimensions: { maxWidth: options.width },
  };
}
