import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { DispatchError, DispatchOptions, JsonRpcResponse, RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';

type MessageHandler = NonNullable<Transport['onmessage']>;

interface Pending {
  resolve(response: JsonRpcResponse): void;
  reject(error: Error): void;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Requests the SDK client cannot carry: on 2026-07-28 its codec refuses a `tools/call` answered with
 * `resultType: "task"` (the tasks extension's CreateTaskResult), so ext-tasks asks the host for a raw path.
 * This sends JSON-RPC on the connection's own transport, with ids of its own, and takes their responses out
 * of the stream before the SDK sees them; every other message passes through untouched.
 */
export class RawRequests {
  private transport: Transport | undefined;
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  private closedReason: string | undefined;
  private Failure: typeof DispatchError | undefined;

  /** ext-tasks is loaded only with the first task, and its dispatch failures are its own class (retryable or not). */
  useErrors(failure: typeof DispatchError): void {
    this.Failure = failure;
  }

  private failure(message: string, retryable?: boolean, options?: ErrorOptions): Error {
    return this.Failure ? new this.Failure(message, retryable, options) : new Error(message, options);
  }

  /** Wraps the `onmessage` the SDK will set (and whatever wrapped it before). Call before the client connects. */
  attach(transport: Transport): void {
    this.transport = transport;
    const previous = Object.getOwnPropertyDescriptor(transport, 'onmessage');
    let plain: MessageHandler | undefined = transport.onmessage;
    const downstream = (): MessageHandler | undefined => (previous?.get ? (previous.get.call(transport) as MessageHandler | undefined) : plain);
    const intercept: MessageHandler = (message, extra) => {
      if (this.take(message)) return;
      downstream()?.(message, extra);
    };
    Object.defineProperty(transport, 'onmessage', {
      configurable: true,
      enumerable: true,
      get: () => (downstream() ? intercept : undefined),
      set: (handler: MessageHandler | undefined) => {
        if (previous?.set) previous.set.call(transport, handler);
        else plain = handler;
      },
    });
  }

  readonly dispatch: RawClientDispatch = (request: JsonValue, options: DispatchOptions = {}) => {
    const transport = this.transport;
    if (!transport || this.closedReason !== undefined) return Promise.reject(this.failure(`the connection is closed${this.closedReason ? `: ${this.closedReason}` : ''}`));
    const id = `switchboard-task-${this.nextId++}`;
    const message = { ...(request as Record<string, JsonValue>), jsonrpc: '2.0', id } as unknown as JSONRPCMessage;
    const timeoutMs = options.context?.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise<JsonRpcResponse>((resolve, reject) => {
      const signal = options.signal;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      const timer = setTimeout(() => {
        done();
        reject(this.failure(`no answer to ${describe(request)} within ${timeoutMs} ms`));
      }, timeoutMs);
      const onAbort = () => {
        done();
        // Base Protocol → Cancellation: tell the server the answer is no longer wanted.
        void transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'cancelled by the host' } }).catch(() => {});
        reject(signal?.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
      };
      if (signal?.aborted) {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (response) => {
          done();
          resolve(response);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      transport.send(message, { headers: unreservedHeaders(options.context?.headers) }).catch((error: unknown) => {
        this.pending.get(id)?.reject(this.failure(`could not send ${describe(request)}`, false, { cause: error }));
      });
    });
  };

  /** Fails what is still waiting; later dispatches fail at once. */
  close(reason: string): void {
    this.closedReason = reason;
    for (const entry of [...this.pending.values()]) entry.reject(this.failure(`the connection closed: ${reason}`));
  }

  private take(message: JSONRPCMessage): boolean {
    if ('method' in message || !('id' in message) || typeof message.id !== 'string') return false;
    const entry = this.pending.get(message.id);
    if (!entry) return false;
    const raw = message as { result?: JsonValue; error?: { code: number; message: string; data?: JsonValue } };
    if (raw.error) entry.resolve({ kind: 'error', error: { code: raw.error.code, message: raw.error.message, ...(raw.error.data === undefined ? {} : { data: raw.error.data }) } });
    else entry.resolve({ kind: 'result', result: raw.result ?? {} });
    return true;
  }
}

function describe(request: JsonValue): string {
  const method = (request as { method?: unknown }).method;
  return typeof method === 'string' ? method : 'the request';
}

/** The transport derives the `Mcp-*` headers from the message itself and refuses them as overrides. */
function unreservedHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const kept = Object.entries(headers).filter(([name]) => !name.toLowerCase().startsWith('mcp-'));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
