import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ActivityApproval, ActivityEntry, ActivitySource } from '../../../shared/activity/activity-types.ts';
import { redactUrlsIn } from '../../../shared/servers/redact-url.ts';
import type { HostEventBus } from '../event-bus.ts';
import { callOutcomeClass } from '../servers/calls/call-outcome.ts';
import type { ActivityStore } from './activity-store.ts';
import { redactText, redactValue } from './redaction.ts';

/** The most of a result the record keeps, in UTF-16 units of its redacted JSON. */
export const MAX_STORED_RESULT = 256 * 1024;
const MAX_ERROR = 1_000;

/** Who made a call and how it was allowed; travels with the call (CallToolOptions.activity). */
export interface ActivityCall {
  source: ActivitySource;
  approval: ActivityApproval;
  scope?: ActivityEntry['scope'];
  conversationId?: string;
}

export interface RanCall {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  call: ActivityCall;
  startedAt: number;
  durationMs: number;
  result?: CallToolResult;
  error?: unknown;
}

/** What ServerCalls and the approval paths need of the record. */
export interface ToolCallRecorder {
  ran(call: RanCall): void;
  denied(server: string, tool: string, args: Record<string, unknown>, call: Omit<ActivityCall, 'approval'>, reason?: string): void;
}

/**
 * Writes one redacted entry per call and tells the windows. A failure to write is a warning, never the
 * call's failure: the record must not break the tool use it records.
 */
export class ActivityRecorder implements ToolCallRecorder {
  private readonly store: ActivityStore;
  private readonly events: Pick<HostEventBus, 'emit'>;
  private readonly secrets: () => readonly string[];
  private readonly now: () => number;

  constructor(options: { store: ActivityStore; events: Pick<HostEventBus, 'emit'>; secrets: () => readonly string[]; now?: () => number }) {
    this.store = options.store;
    this.events = options.events;
    this.secrets = options.secrets;
    this.now = options.now ?? Date.now;
  }

  ran(call: RanCall): void {
    this.write(() => {
      const secrets = this.secrets();
      const entry = this.entry(call.server, call.tool, call.call, call.startedAt);
      entry.durationMs = Math.max(0, Math.round(call.durationMs));
      let stored: { result?: string; resultTruncated?: boolean } = {};
      if (call.result) {
        const json = JSON.stringify(call.result);
        entry.resultBytes = Buffer.byteLength(json);
        entry.outcome = call.result.isError === true ? 'tool-error' : 'ok';
        stored = storedResult(JSON.stringify(redactValue(call.result, secrets)));
        if (entry.outcome === 'tool-error') entry.error = oneLine(errorTextOf(call.result), secrets);
      } else {
        entry.outcome = callOutcomeClass(call.error);
        entry.error = oneLine(call.error instanceof Error ? call.error.message : String(call.error), secrets);
      }
      return { entry, arguments: JSON.stringify(redactValue(call.arguments, secrets)), ...stored };
    });
  }

  denied(server: string, tool: string, args: Record<string, unknown>, call: Omit<ActivityCall, 'approval'>, reason?: string): void {
    this.write(() => {
      const secrets = this.secrets();
      const entry = this.entry(server, tool, { ...call, approval: 'denied' }, this.now());
      entry.outcome = 'denied';
      if (reason) entry.error = oneLine(reason, secrets);
      return { entry, arguments: JSON.stringify(redactValue(args, secrets)) };
    });
  }

  private entry(server: string, tool: string, call: ActivityCall, startedAt: number): ActivityEntry {
    return {
      id: randomUUID(),
      startedAt,
      ...(call.conversationId ? { conversationId: call.conversationId } : {}),
      server,
      tool,
      source: call.source,
      approval: call.approval,
      ...(call.approval === 'asked' && call.scope ? { scope: call.scope } : {}),
      outcome: 'ok',
    };
  }

  private write(build: () => { entry: ActivityEntry; arguments: string; result?: string; resultTruncated?: boolean }): void {
    let entry: ActivityEntry;
    try {
      const record = build();
      this.store.insert(record);
      entry = record.entry;
    } catch (error) {
      process.emitWarning(`the tool-call record could not be written: ${(error as Error).message}`);
      return;
    }
    this.events.emit('activity.recorded', entry);
  }
}

function storedResult(json: string): { result: string; resultTruncated?: boolean } {
  return json.length > MAX_STORED_RESULT ? { result: json.slice(0, MAX_STORED_RESULT), resultTruncated: true } : { result: json };
}

function errorTextOf(result: CallToolResult): string {
  const text = result.content?.find((part) => part.type === 'text');
  return text && 'text' in text ? text.text : 'the tool reported an error';
}

/** The first line, without addresses' secrets or stored secrets, cut to a readable length. */
function oneLine(text: string, secrets: readonly string[]): string {
  const first = redactText(redactUrlsIn(text), secrets).split('\n')[0] ?? '';
  return first.length > MAX_ERROR ? `${first.slice(0, MAX_ERROR)}…` : first;
}
