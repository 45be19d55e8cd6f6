/**
 * MCP Apps 2026-01-26 → Visibility: a tool's `_meta.ui.visibility` lists who may call it, "model" and/or "app";
 * absent, both may. Read here rather than with ext-apps, whose loading would cost every host, the `switchboard`
 * command included, on each start.
 */
function visibilityOf(tool: { _meta?: { [key: string]: unknown } }): unknown[] | undefined {
  const visibility = (tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility;
  return Array.isArray(visibility) ? visibility : undefined;
}

/** A tool for its app's frame alone: never offered to the model. */
export function isAppOnly(tool: { _meta?: { [key: string]: unknown } }): boolean {
  const visibility = visibilityOf(tool);
  return visibility !== undefined && visibility.length > 0 && !visibility.includes('model');
}

/** A tool an app may call: its visibility is absent or names "app". */
export function visibleToApps(tool: { _meta?: { [key: string]: unknown } }): boolean {
  const visibility = visibilityOf(tool);
  return visibility === undefined || visibility.includes('app');
}

/**
 * Whether the tool names an app (MCP Apps 2026-01-26 → UI Resource: `_meta.ui.resourceUri`, or the older flat
 * `_meta["ui/resourceUri"]`), read without ext-apps for the same reason.
 */
export function namesApp(tool: { _meta?: { [key: string]: unknown } }): boolean {
  const uri = (tool._meta?.ui as { resourceUri?: unknown } | undefined)?.resourceUri ?? tool._meta?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://');
}
