import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { LeftOutTool } from '../../../../shared/servers/server-state.ts';
import { screenTool } from './tool-screen.ts';

type MessageHandler = NonNullable<Transport['onmessage']>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Screens every `tools/list` answer on its way from the transport to the SDK, one tool at a time. The SDK
 * validates a list as one value: one tool whose `inputSchema` is not an object schema rejects the whole list
 * (and with it the connect), and a deeply nested one overflows the stack in its validator or its cache. Here
 * a bad tool is taken out of the answer and remembered with the reason, so the SDK, its cache (which checks
 * outputs and mirrors headers) and everything after it see only the tools that can be used.
 */
export class ToolListScreen {
  private readonly listIds = new Set<string | number>();
  private current: LeftOutTool[] = [];

  /** What the latest listing left out; a listing served from the SDK's cache leaves it as it was. */
  leftOut(): LeftOutTool[] {
    return this.current.map((entry) => ({ ...entry }));
  }

  /**
   * Wraps `send` and the `onmessage` the SDK will set. Call before the client connects; the transport keeps
   * working as before for every other message.
   */
  attach(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      this.sent(message);
      return send(message, options);
    };
    let inner: MessageHandler | undefined = transport.onmessage;
    const screened: MessageHandler = (message, extra) => inner?.(this.received(message), extra);
    Object.defineProperty(transport, 'onmessage', {
      configurable: true,
      enumerable: true,
      get: () => (inner ? screened : undefined),
      set: (handler: MessageHandler | undefined) => {
        inner = handler;
      },
    });
  }

  private sent(message: JSONRPCMessage): void {
    if (!('method' in message) || message.method !== 'tools/list' || !('id' in message)) return;
    this.listIds.add(message.id);
    // The first page starts a new listing (Utilities → Pagination: later pages carry a cursor).
    const params = (message as { params?: { cursor?: unknown } }).params;
    if (params?.cursor === undefined) this.current = [];
  }

  private received(message: JSONRPCMessage): JSONRPCMessage {
    if (!('id' in message) || 'method' in message || !this.listIds.delete(message.id as string | number)) return message;
    const result = (message as { result?: unknown }).result;
    if (!isObject(result) || !Array.isArray(result.tools)) return message;
    const kept: unknown[] = [];
    for (const raw of result.tools) {
      const screened = screenTool(raw);
      if (screened.ok) kept.push(raw);
      else this.current.push(screened.leftOut);
    }
    return kept.length === result.tools.length ? message : ({ ...message, result: { ...result, tools: kept } } as JSONRPCMessage);
  }
}
