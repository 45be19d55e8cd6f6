import { HostError } from '../../../shared/api/host-error.ts';
import { parseHostMessage } from '../../../shared/api/wire-protocol.ts';
import type { HostApi, HostEventName, HostEvents, HostMethodName, HostMethodParams, HostMethodResults } from '../../../shared/api/host-api.ts';
import { backoffDelay } from './backoff.ts';
import type { ConnectionState, HostConnection } from './host-connection.ts';

/** The part of the DOM WebSocket this client uses, so tests can hand it a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** What the host says about this page's token when its socket would not open. */
export type AccessVerdict = 'ok' | 'refused' | 'unreachable';

export interface WebSocketClientOptions {
  url: string;
  /** Offered in the handshake: browser mode's proof that this is the page the host served. */
  protocols?: string[];
  /**
   * Asked after a socket closed without opening: a browser does not say why a handshake failed, and a
   * refused token must stop the retries (and say so) while a host that is restarting must not.
   */
  checkAccess?: () => Promise<AccessVerdict>;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  timers?: Timers;
  delay?: (attempt: number) => number;
}

const OPEN = 1;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
  now: () => Date.now(),
};

/**
 * HostApi over the browser-mode WebSocket. Calls made while the socket is down fail at once (the UI says
 * so) rather than queueing: a queued "remove server" firing minutes later would surprise the person.
 */
export class WebSocketHostClient implements HostConnection {
  readonly api: HostApi;
  private socket: SocketLike | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private current: ConnectionState = { status: 'connecting', attempt: 0, epoch: 0 };
  private retryTimer: unknown;
  private closed = false;
  private readonly createSocket: (url: string, protocols: string[]) => SocketLike;
  private readonly protocols: string[];
  private readonly checkAccess: (() => Promise<AccessVerdict>) | undefined;
  private readonly timers: Timers;
  private readonly delay: (attempt: number) => number;
  private readonly url: string;

  constructor(options: WebSocketClientOptions) {
    this.url = options.url;
    this.createSocket = options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike);
    this.protocols = options.protocols ?? [];
    this.checkAccess = options.checkAccess;
    this.timers = options.timers ?? defaultTimers;
    this.delay = options.delay ?? ((attempt) => backoffDelay(attempt));
    this.api = {
      call: (method, params) => this.call(method, params),
      on: (event, listener) => this.on(event, listener),
    };
    this.connect();
  }

  state(): ConnectionState {
    return this.current;
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  retryNow(): void {
    if (this.closed || this.current.status === 'open' || this.current.status === 'refused' || this.socket) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.connect();
  }

  close(): void {
    this.closed = true;
    this.timers.clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'client closed');
    this.failPending('The connection to Switchboard was closed.');
  }

  private call<M extends HostMethodName>(method: M, params: HostMethodParams<M>): Promise<HostMethodResults[M]> {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.current.status !== 'open') {
      return Promise.reject(
        new HostError('server_unavailable', 'Not connected to Switchboard right now; try again once the connection is back.'),
      );
    }
    const id = this.nextId++;
    return new Promise<HostMethodResults[M]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        socket.send(JSON.stringify({ type: 'call', id, method, params }));
      } catch (error) {
        this.pending.delete(id);
        reject(new HostError('server_unavailable', `Could not send to Switchboard: ${(error as Error).message}`));
      }
    });
  }

  private on<E extends HostEventName>(event: E, listener: (payload: HostEvents[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const entry = listener as (payload: unknown) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url, this.protocols);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      this.setState({ status: 'open', attempt: 0, epoch: this.current.epoch + 1 });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      this.receive(event.data);
    };
    socket.onerror = () => {
      // A close event always follows; that is where we recover.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.failPending('The connection to Switchboard dropped before the answer came back; the action may or may not have happened.');
      if (this.closed) return;
      if (opened || !this.checkAccess) return this.scheduleRetry();
      void this.checkAccess().then(
        (verdict) => this.afterCheck(verdict),
        () => this.afterCheck('unreachable'),
      );
    };
  }

  private afterCheck(verdict: AccessVerdict): void {
    // Closed, or retried by hand, while the check was out.
    if (this.closed || this.socket) return;
    if (verdict === 'refused') this.setState({ status: 'refused', attempt: this.current.attempt, epoch: this.current.epoch });
    else this.scheduleRetry();
  }

  private receive(text: string): void {
    const parsed = parseHostMessage(text);
    if (!parsed.ok) {
      if (parsed.id !== null) this.settle(parsed.id, undefined, new HostError('internal', `Malformed answer from the host: ${parsed.problem}`));
      return;
    }
    const message = parsed.message;
    if (message.type === 'event') {
      for (const listener of this.listeners.get(message.event) ?? []) {
        try {
          listener(message.payload);
        } catch (error) {
          console.error(`listener for ${message.event} failed`, error);
        }
      }
    } else if (message.type === 'result') {
      this.settle(message.id, message.result);
    } else if (message.id !== null) {
      this.settle(message.id, undefined, new HostError(message.error.code, message.error.message));
    }
  }

  private settle(id: number, result: unknown, error?: HostError): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (error) pending.reject(error);
    else pending.resolve(result);
  }

  private failPending(message: string): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const entry of pending) entry.reject(new HostError('server_unavailable', message));
  }

  private scheduleRetry(): void {
    const attempt = this.current.attempt + 1;
    const wait = this.delay(attempt);
    this.setState({ status: 'reconnecting', attempt, retryAt: this.timers.now() + wait, epoch: this.current.epoch });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.closed) this.connect();
    }, wait);
  }

  private setState(next: ConnectionState): void {
    this.current = next;
    for (const listener of this.stateListeners) listener(next);
  }
}
