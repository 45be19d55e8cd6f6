import type { ChatEvents } from '../../../shared/api/chat-api.ts';
import { parsePartialJson } from './providers/partial-json.ts';
import type { PartialToolUse } from './providers/provider.ts';

export type ToolInputEvent = Omit<ChatEvents['chat.toolInput'], 'conversationId' | 'messageId'>;

/** At most 10 pieces a second per call reach the UI: the app redraws for each. */
export const TOOL_INPUT_INTERVAL_MS = 100;

/**
 * Streamed tool arguments → `chat.toolInput` events, for the calls `resolve` leads to a server tool with an app
 * (others would only cost traffic). Each call's JSON so far is read leniently; a piece within the interval of the
 * last one sent is skipped, as is one that reads no differently: the complete call follows anyway.
 */
export class ToolInputStream {
  private readonly sent = new Map<string, { at: number; json: string }>();
  private readonly resolve: (modelName: string) => { server: string; tool: string } | undefined;
  private readonly emit: (event: ToolInputEvent) => void;
  private readonly now: () => number;

  constructor(options: {
    resolve: (modelName: string) => { server: string; tool: string } | undefined;
    emit: (event: ToolInputEvent) => void;
    now?: () => number;
  }) {
    this.resolve = options.resolve;
    this.emit = options.emit;
    this.now = options.now ?? Date.now;
  }

  delta(partial: PartialToolUse): void {
    const last = this.sent.get(partial.id);
    const now = this.now();
    if (last && now - last.at < TOOL_INPUT_INTERVAL_MS) return;
    const target = this.resolve(partial.name);
    if (!target) return;
    const args = parsePartialJson(partial.json) ?? (partial.json.trim() === '' ? {} : undefined);
    if (!args) return;
    const json = JSON.stringify(args);
    if (last?.json === json) return;
    this.sent.set(partial.id, { at: now, json });
    this.emit({ toolCallId: partial.id, server: target.server, tool: target.tool, arguments: args });
  }
}
