import { PROTOCOL_VERSION_META_KEY, ProtocolError, SdkHttpError } from '@modelcontextprotocol/client';
import type { JSONRPCMessage, StreamableHTTPClientTransport, Transport } from '@modelcontextprotocol/client';
import { isMethodNotFound } from './method-not-found.ts';
import { isMessageTooLarge, TOO_LARGE_MARKER } from '../http-limits/message-size-cap.ts';

type MessageHandler = NonNullable<Transport['onmessage']>;
type RequestId = string | number;

/** JSON-RPC's range for implementation-defined server errors; the marker in `data` is what identifies it. */
const DROPPED_CODE = -32000;
const DROPPED_MARKER = 'switchboard/connection-dropped';
const RENEW_TIMEOUT_MS = 15_000;
const FIRST_STATELESS_VERSION = '2026-07-28';

export interface HttpRecoveryHooks {
  log(level: 'info' | 'warning', text: string): void;
  /** A new session replaced one the server had forgotten: session state (log level, lists) is to be set again. */
  sessionRenewed(): void;
}

/** True for the error a call gets when its response stream ended before the server answered it. */
export function isDroppedStream(error: unknown): boolean {
  return error instanceof ProtocolError && (error.data as { reason?: unknown } | undefined)?.reason === DROPPED_MARKER;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } {
  return 'method' in message && 'id' in message && message.id !== undefined;
}

/** A 2026-07-28 request: it carries its protocol version in `_meta` (there is no session to hold it). */
function isStateless(message: JSONRPCMessage): boolean {
  const version = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' && version >= FIRST_STATELESS_VERSION;
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return !('method' in message) && 'id' in message && message.id !== undefined && message.id !== null;
}

/**
 * What the SDK's Streamable HTTP transport leaves to its caller, done between the transport and the client:
 *
 * - A 2025-era session the server no longer knows is answered with HTTP 404; the client "MUST start a new session
 *   by sending a new InitializeRequest without a session ID attached" (2025-11-25 Transports → Session
 *   Management). The client's own `initialize` is sent again under an id of ours, `notifications/initialized`
 *   follows (which also reopens the GET stream for server notifications), and the request that met the 404 is
 *   sent once more. Requests that meet the 404 together share one renewal.
 * - A response stream that ends before its response (the connection cut mid-answer) is otherwise never noticed
 *   by the client, which waits for its timeout. On 2025-era connections, when the server gave event ids, the SDK
 *   first resumes the stream with `Last-Event-ID` (2025-11-25 Transports → Resumability and Redelivery). A
 *   2026-07-28 request, whose revision has no resumption, is re-issued once under a new id (Transports: a broken
 *   response stream loses the request; the client re-issues it as a new request). When neither helps, the call
 *   is failed at once with an error `isDroppedStream` recognizes.
 */
export class HttpRecovery {
  private readonly transport: StreamableHTTPClientTransport;
  private readonly hooks: HttpRecoveryHooks;
  private readonly send: StreamableHTTPClientTransport['send'];
  private readonly inner: () => MessageHandler | undefined;
  private readonly pending = new Set<RequestId>();
  /** Sent 2026-07-28 requests by id, to re-issue one whose stream broke. */
  private readonly stateless = new Map<RequestId, { message: JSONRPCMessage; options: Parameters<Transport['send']>[1] }>();
  /** Re-issued id → the id the client waits on. */
  private readonly reissued = new Map<RequestId, RequestId>();
  private reissues = 0;
  /** Set when the SDK reports a response stream cut off for size (message-size-cap.ts), until the stream end it caused. */
  private tooLarge: string | undefined;
  private readonly ours = new Map<RequestId, (message: JSONRPCMessage) => void>();
  private initialize: (JSONRPCMessage & { id: RequestId }) | undefined;
  private renewal: Promise<void> | undefined;
  private renewals = 0;

  constructor(transport: StreamableHTTPClientTransport, hooks: HttpRecoveryHooks) {
    this.transport = transport;
    this.hooks = hooks;
    this.send = transport.send.bind(transport);
    transport.send = (message, options) => this.sendWithRecovery(message, options);
    // Another screen may already sit on `onmessage` (catalog/tool-list-screen.ts): messages pass through this one
    // first, then through it, to the handler the SDK sets.
    const previous = Object.getOwnPropertyDescriptor(transport, 'onmessage');
    let own: MessageHandler | undefined = transport.onmessage;
    const getInner = previous?.get ? () => previous.get!.call(transport) as MessageHandler | undefined : () => own;
    const setInner = previous?.set
      ? (handler: MessageHandler | undefined) => previous.set!.call(transport, handler)
      : (handler: MessageHandler | undefined) => {
          own = handler;
        };
    this.inner = getInner;
    // The transport reports a failed POST through `onerror` before it throws; a 404 this renews is no error to log.
    let onerror: Transport['onerror'];
    const filtered = (error: Error) => {
      if (isMessageTooLarge(error)) this.tooLarge = error.message.slice(error.message.indexOf('MessageTooLargeError: ') + 'MessageTooLargeError: '.length);
      if (!(isSessionGone(error) && this.transport.sessionId !== undefined)) onerror?.(error);
    };
    Object.defineProperty(transport, 'onerror', {
      configurable: true,
      enumerable: true,
      get: () => (onerror ? filtered : undefined),
      set: (handler: Transport['onerror']) => {
        onerror = handler;
      },
    });
    const received: MessageHandler = (message, extra) => this.received(message, extra);
    Object.defineProperty(transport, 'onmessage', {
      configurable: true,
      enumerable: true,
      get: () => (getInner() ? received : undefined),
      set: setInner,
    });
  }

  private async sendWithRecovery(batch: JSONRPCMessage | JSONRPCMessage[], options: Parameters<Transport['send']>[1]): Promise<void> {
    if (Array.isArray(batch)) return this.send(batch, options);
    const message = batch;
    // A request the client gave up on gets no answer; its stream ending is no loss to report.
    if ('method' in message && message.method === 'notifications/cancelled') this.forget((message.params as { requestId?: RequestId } | undefined)?.requestId);
    const request = isRequest(message) ? message : undefined;
    if (request?.method === 'initialize') this.initialize = request;
    // A caller with its own end-of-stream handling (`subscriptions/listen`) keeps it.
    const watched = request && !options?.onRequestStreamEnd && !options?.resumptionToken ? request.id : undefined;
    const sendOptions = watched === undefined ? options : { ...options, onRequestStreamEnd: () => this.streamEnded(watched) };
    if (watched !== undefined) {
      this.pending.add(watched);
      if (isStateless(message)) this.stateless.set(watched, { message, options });
    }
    const sessionId = this.transport.sessionId;
    try {
      await this.send(message, sendOptions);
    } catch (error) {
      if (sessionId === undefined || !isSessionGone(error) || request?.method === 'initialize' || isResponse(message)) {
        if (watched !== undefined) this.pending.delete(watched);
        throw error;
      }
      try {
        await this.renew(sessionId);
        await this.send(message, sendOptions);
      } catch (retryError) {
        if (watched !== undefined) this.pending.delete(watched);
        throw retryError;
      }
    }
  }

  private received(message: JSONRPCMessage, extra: Parameters<MessageHandler>[1]): void {
    if (isResponse(message)) {
      const waiter = this.ours.get(message.id);
      if (waiter) {
        this.ours.delete(message.id);
        waiter(message);
        return;
      }
      const original = this.reissued.get(message.id);
      if (original !== undefined) {
        this.reissued.delete(message.id);
        this.pending.delete(message.id);
        this.inner()?.({ ...message, id: original } as JSONRPCMessage, extra);
        return;
      }
      this.pending.delete(message.id);
      this.stateless.delete(message.id);
    }
    this.inner()?.(message, extra);
  }

  private forget(id: RequestId | undefined): void {
    if (id === undefined) return;
    this.pending.delete(id);
    this.stateless.delete(id);
  }

  private streamEnded(id: RequestId): void {
    if (!this.pending.delete(id)) return;
    const original = this.reissued.get(id);
    this.reissued.delete(id);
    const sent = this.stateless.get(id);
    this.stateless.delete(id);
    const tooLarge = this.tooLarge;
    this.tooLarge = undefined;
    if (tooLarge !== undefined) {
      // Asking again would only download the same oversized message again.
      this.inner()?.({ jsonrpc: '2.0', id: original ?? id, error: { code: DROPPED_CODE, message: tooLarge, data: { reason: TOO_LARGE_MARKER } } } as JSONRPCMessage);
      return;
    }
    if (sent && original === undefined) {
      this.reissue(id, sent.message, sent.options);
      return;
    }
    this.hooks.log('warning', 'the connection dropped before the server answered a request');
    this.inner()?.({
      jsonrpc: '2.0',
      id: original ?? id,
      error: { code: DROPPED_CODE, message: 'the connection dropped before the server answered', data: { reason: DROPPED_MARKER } },
    } as JSONRPCMessage);
  }

  private reissue(original: RequestId, message: JSONRPCMessage, options: Parameters<Transport['send']>[1]): void {
    const id = `switchboard-reissue-${++this.reissues}`;
    this.hooks.log('info', 'the connection dropped before the server answered; sending the request again');
    this.reissued.set(id, original);
    this.pending.add(id);
    this.send({ ...message, id } as JSONRPCMessage, { ...options, onRequestStreamEnd: () => this.streamEnded(id) }).catch(() => this.streamEnded(id));
  }

  /** One renewal at a time; requests that met the 404 of the same session wait for it. */
  private renew(expiredSession: string): Promise<void> {
    if (this.renewal) return this.renewal;
    if (this.transport.sessionId !== expiredSession) return Promise.resolve();
    this.renewal = this.startSession().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async startSession(): Promise<void> {
    const initialize = this.initialize;
    if (!initialize) throw new Error('the session expired and there is no handshake to repeat');
    const id = `switchboard-renew-${++this.renewals}`;
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<JSONRPCMessage>((resolve, reject) => {
      this.ours.set(id, resolve);
      timer = setTimeout(() => reject(new Error('the server did not answer the new initialize')), RENEW_TIMEOUT_MS);
    });
    try {
      this.hooks.log('info', 'the server no longer knows this session (HTTP 404); starting a new one');
      // The old session's notification stream may still be retrying; the new session opens its own.
      (this.transport as unknown as { _cancelReconnection?: () => void })._cancelReconnection?.();
      await this.send({ ...initialize, id } as JSONRPCMessage);
      const answer = await answered;
      if ('error' in answer) throw new Error(`the server refused the new initialize: ${(answer.error as { message?: string }).message ?? ''}`);
      await this.send({ jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage);
    } finally {
      clearTimeout(timer);
      this.ours.delete(id);
    }
    this.hooks.log('info', 'started a new session; retrying the request');
    this.hooks.sessionRenewed();
  }
}

function isSessionGone(error: unknown): boolean {
  return error instanceof SdkHttpError && error.status === 404 && !isMethodNotFound(error);
}
