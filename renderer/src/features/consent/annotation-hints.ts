import type { ToolAnnotations } from '@modelcontextprotocol/client';

export interface HintLine {
  name: string;
  /** What the server claims, in plain words. */
  text: string;
  tone: 'ok' | 'warning' | 'danger' | 'neutral';
}

/**
 * The server's annotations as claims it makes, in words. The spec's defaults apply to hints left out (a tool
 * is assumed able to change and delete things, and to reach outside systems), so only declared hints are listed.
 */
export function hintLines(annotations: ToolAnnotations | undefined): HintLine[] {
  if (!annotations) return [];
  const lines: HintLine[] = [];
  if (annotations.title) lines.push({ name: 'title', text: `Calls itself “${annotations.title}”.`, tone: 'neutral' });
  if (annotations.readOnlyHint === true) lines.push({ name: 'readOnlyHint', text: 'Says it only reads and changes nothing.', tone: 'ok' });
  if (annotations.readOnlyHint === false) lines.push({ name: 'readOnlyHint', text: 'Says it may change things.', tone: 'warning' });
  // The spec gives destructive and idempotent hints meaning only for tools that are not read-only.
  if (annotations.readOnlyHint !== true) {
    if (annotations.destructiveHint === true) lines.push({ name: 'destructiveHint', text: 'Says it may delete or overwrite data.', tone: 'danger' });
    if (annotations.destructiveHint === false) lines.push({ name: 'destructiveHint', text: 'Says it only adds; it does not delete or overwrite.', tone: 'neutral' });
    if (annotations.idempotentHint === true) lines.push({ name: 'idempotentHint', text: 'Says running it again with the same arguments has no further effect.', tone: 'neutral' });
    if (annotations.idempotentHint === false) lines.push({ name: 'idempotentHint', text: 'Says running it again may do it again.', tone: 'neutral' });
  }
  if (annotations.openWorldHint === true) lines.push({ name: 'openWorldHint', text: 'Says it reaches outside systems (the web, other services).', tone: 'warning' });
  if (annotations.openWorldHint === false) lines.push({ name: 'openWorldHint', text: 'Says it works only within its own closed data.', tone: 'neutral' });
  return lines;
}
