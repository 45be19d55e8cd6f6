import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { APPS_EXTENSION_ID, MCP_APP_MIME_TYPE } from '../../../shared/apps/app-sandbox-policy.ts';

/**
 * MCP Apps 2026-01-26 → Client capabilities: a host that renders apps says so under `extensions`, naming the
 * one resource type it renders. The same set goes into `initialize` (2025 eras) and every 2026-07-28 `_meta`.
 */
export function withAppsExtension(capabilities: ClientCapabilities): ClientCapabilities {
  return { ...capabilities, extensions: { ...capabilities.extensions, [APPS_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] } } };
}
