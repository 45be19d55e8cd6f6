import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/client';

const name = z.string().min(1).max(500);
/** Whose app is asking: the tool whose `ui://` resource it is, and the chat call it belongs to, if any. */
const app = z
  .object({ tool: name, conversationId: z.string().min(1).max(200).optional(), toolCallId: z.string().min(1).max(200).optional() })
  .strict();

/** MCP Apps (the `io.modelcontextprotocol/ui` extension): what a tool card's app frame asks the host. */
export const appsMethods = {
  /** Reads the tool's `ui://` resource from its server, with the sandbox address built from its declarations. */
  'apps.resource': z.object({ server: name, tool: name }).strict(),
  /** The app calls a tool of its own server: the same approval as the model's calls, shown as the app's. */
  'apps.callTool': z.object({ server: name, tool: name, arguments: z.record(z.string(), z.unknown()).default({}), app }).strict(),
  /** `ui/message`: a message into the conversation, shown as the app's, and answered like the person's. */
  'apps.message': z.object({ server: name, app, text: z.string().min(1).max(100_000) }).strict(),
  /** `ui/update-model-context`: replaces what this app tells the model in the conversation's next turns. */
  'apps.updateContext': z.object({ server: name, app, text: z.string().max(20_000) }).strict(),
  /** What this app last told the model in its conversation (saved with it), to show under the app. */
  'apps.context': z.object({ server: name, app }).strict(),
  /** `notifications/message` from the app: a line in its server's log. */
  'apps.log': z.object({ server: name, app, level: z.string().max(20), text: z.string().max(10_000) }).strict(),
} as const;

export interface AppResource {
  uri: string;
  html: string;
  /** The outer frame's address on the sandbox origin. */
  sandboxUrl: string;
  /** The `allow` attribute for the permissions the resource declared. */
  allow: string;
  prefersBorder?: boolean;
}

export interface AppsResults {
  'apps.resource': AppResource;
  'apps.callTool': CallToolResult;
  'apps.message': { sent: boolean; reason?: string };
  'apps.updateContext': { accepted: boolean; reason?: string };
  'apps.context': { text?: string };
  'apps.log': Record<string, never>;
}
