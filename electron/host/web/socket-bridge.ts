import type { RawData, WebSocket } from 'ws';
import { hostEventNames } from '../../../shared/api/host-api.ts';
import { HostError } from '../../../shared/api/host-error.ts';
import { isHostErrorCode, parseClientMessage } from '../../../shared/api/wire-protocol.ts';
import type { WireHostMessage } from '../../../shared/api/wire-protocol.ts';
import type { Host } from '../host.ts';

/** What browser mode needs from the host: the same two entry points every transport uses. */
export type WebHost = Pick<Host, 'call' | 'on'>;

const OPEN = 1;
const CLOSED = 3;
const UNSUPPORTED_DATA = 1003;
const INVALID_PAYLOAD = 1007;
const GOING_AWAY = 1001;

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/**
 * Carries HostApi over WebSockets: every `call` goes through `host.call` (which validates it) and is answered
 * on the socket that made it; every host event goes to every open socket. Nothing a client sends can throw
 * out of here.
 */
export class SocketBridge {
  private readonly sockets = new Set<WebSocket>();
  private readonly unsubscribes: (() => void)[];
  private readonly host: WebHost;

  constructor(host: WebHost) {
    this.host = host;
    this.unsubscribes = hostEventNames.map((event) =>
      host.on(event, (payload) => this.broadcast({ type: 'event', event, payload })),
    );
  }

  get size(): number {
    return this.sockets.size;
  }

  attach(socket: WebSocket): void {
    this.sockets.add(socket);
    // ws reports oversized frames and protocol errors here and then closes the socket itself.
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        socket.close(UNSUPPORTED_DATA, 'send JSON in text frames');
        return;
      }
      void this.handle(socket, textOf(data));
    });
  }

  private async handle(socket: WebSocket, text: string): Promise<void> {
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      if (parsed.notJson) {
        socket.close(INVALID_PAYLOAD, 'message is not JSON');
        return;
      }
      this.send(socket, { type: 'error', id: parsed.id, error: { code: 'invalid_params', message: `malformed message: ${parsed.problem}` } });
      return;
    }
    const { id, method, params } = parsed.message;
    try {
      const result = await this.host.call(method, params);
      this.send(socket, { type: 'result', id, result });
    } catch (error) {
      const { code, message } = HostError.from(error);
      this.send(socket, { type: 'error', id, error: { code: isHostErrorCode(code) ? code : 'internal', message } });
    }
  }

  private send(socket: WebSocket, message: WireHostMessage): void {
    if (socket.readyState !== OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      if (message.type === 'event') return;
      const id = message.id;
      text = JSON.stringify({ type: 'error', id, error: { code: 'internal', message: `result could not be sent: ${(error as Error).message}` } });
    }
    socket.send(text);
  }

  private broadcast(message: WireHostMessage): void {
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      process.emitWarning(`host event could not be sent to browser clients: ${(error as Error).message}`);
      return;
    }
    for (const socket of this.sockets) if (socket.readyState === OPEN) socket.send(text);
  }

  /** Says goodbye to every client, and drops those that do not answer within `graceMs`. */
  async close(graceMs = 1000): Promise<void> {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes.length = 0;
    const closing = [...this.sockets].map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === CLOSED) return resolve();
          const timer = setTimeout(() => socket.terminate(), graceMs);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          socket.close(GOING_AWAY, 'Switchboard is shutting down');
        }),
    );
    await Promise.all(closing);
    this.sockets.clear();
  }
}
