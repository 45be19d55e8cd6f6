import type { ReadResourceResult, Resource, Tool } from '@modelcontextprotocol/client';
import { buildAllowAttribute, getToolUiResourceUri, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps/app-bridge';
import { HostError } from '../../../shared/api/host-error.ts';
import type { AppResource } from '../../../shared/api/apps-api.ts';
import { SANDBOX_PAGE_PATH, sandboxQuery } from './sandbox-page.ts';

const MAX_HTML_CHARS = 5_000_000;

/** The tool's `ui://` address, or a `not_found` saying why there is no app to show. */
export function uiResourceUriOf(server: string, tool: Tool | undefined): string {
  if (!tool) throw new HostError('not_found', `server "${server}" has no such tool`);
  let uri: string | undefined;
  try {
    uri = getToolUiResourceUri(tool);
  } catch (error) {
    throw new HostError('not_found', `tool "${tool.name}" names an app that is not a ui:// resource (${(error as Error).message})`);
  }
  if (!uri) throw new HostError('not_found', `tool "${tool.name}" of "${server}" has no app`);
  return uri;
}

function uiMeta(value: unknown): McpUiResourceMeta | undefined {
  const ui = (value as { ui?: unknown } | undefined)?.ui;
  return typeof ui === 'object' && ui !== null ? (ui as McpUiResourceMeta) : undefined;
}

/**
 * The app's HTML and how to frame it (MCP Apps 2026-01-26 → UI Resource): the content must be
 * `text/html;profile=mcp-app`; its `_meta.ui` (or the listed resource's) gives the CSP domains and permissions.
 */
export function appResourceFrom(
  uri: string,
  read: ReadResourceResult,
  listed: Resource | undefined,
  sandboxOrigin: string,
): AppResource {
  const content = read.contents.find((entry) => entry.uri === uri) ?? read.contents[0];
  if (!content) throw new HostError('request_failed', `${uri} came back empty`);
  if (content.mimeType?.replace(/\s/g, '').toLowerCase() !== RESOURCE_MIME_TYPE) {
    throw new HostError('request_failed', `${uri} is ${content.mimeType ?? 'of no stated type'}, not ${RESOURCE_MIME_TYPE}`);
  }
  const html = 'text' in content ? content.text : Buffer.from(content.blob, 'base64').toString('utf8');
  if (html.length > MAX_HTML_CHARS) throw new HostError('request_failed', `${uri} is larger than ${MAX_HTML_CHARS} characters`);
  const meta = uiMeta(content._meta) ?? uiMeta(listed?._meta) ?? {};
  return {
    uri,
    html,
    sandboxUrl: `${sandboxOrigin}${SANDBOX_PAGE_PATH}?${sandboxQuery(meta.csp, meta.permissions)}`,
    allow: buildAllowAttribute(meta.permissions),
    ...(typeof meta.prefersBorder === 'boolean' ? { prefersBorder: meta.prefersBorder } : {}),
  };
}
