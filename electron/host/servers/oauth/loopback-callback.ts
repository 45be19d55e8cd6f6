import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CALLBACK_PATH = '/callback';

export class CallbackError extends Error {
  readonly kind: 'state-mismatch' | 'timeout' | 'closed';
  constructor(kind: CallbackError['kind'], message: string) {
    super(message);
    this.name = 'CallbackError';
    this.kind = kind;
  }
}

export interface LoopbackCallback {
  readonly port: number;
  /** `http://127.0.0.1:PORT/callback`: an IP literal, not `localhost`, as RFC 8252 § 8.3 recommends. */
  readonly redirectUrl: string;
  /** The `state` the authorization request carried; a callback that arrives before it is set, or with another, fails. */
  expectState(state: string): void;
  /** The callback's query parameters, once one arrived with the expected state. Rejects with a CallbackError. */
  readonly result: Promise<URLSearchParams>;
  close(): void;
}

export interface LoopbackCallbackOptions {
  /** 0 picks a free port. Rejects with the listen error (EADDRINUSE) when the port is taken. */
  port: number;
  timeoutMs: number;
}

/**
 * The redirect target of one sign-in (RFC 8252 § 7.3, loopback interface redirection): bound to 127.0.0.1 only,
 * it takes exactly one request to its path, checks `state` in constant time (the SDK leaves that to the host),
 * answers with a page saying the tab can be closed, and gives up after the timeout.
 */
export async function startLoopbackCallback(options: LoopbackCallbackOptions): Promise<LoopbackCallback> {
  // Loaded on first use: importing node:http loads Node's whole fetch stack, which most starts never need.
  const { createServer } = await import('node:http');
  let expected: string | undefined;
  let settled = false;
  let resolveResult!: (params: URLSearchParams) => void;
  let rejectResult!: (error: CallbackError) => void;
  const result = new Promise<URLSearchParams>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  // Whoever runs the flow may be waiting on something else when the timeout fires.
  result.catch(() => {});

  const server = createServer((request, response) => {
    const port = (server.address() as AddressInfo).port;
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH || !fromLoopback(request, port)) {
      // A browser also asks for /favicon.ico; that must not use up the one callback.
      respond(response, 404, 'Not found', 'There is nothing here.');
      return;
    }
    if (settled) {
      respond(response, 410, 'Already used', 'This sign-in already finished. You can close this tab.');
      return;
    }
    const state = url.searchParams.get('state');
    if (expected === undefined || state === null || !sameSecret(state, expected)) {
      respond(response, 400, 'Sign-in not accepted', 'Switchboard did not start this sign-in, so it ignored it. Start the sign-in again from Switchboard.');
      finish(() =>
        rejectResult(
          new CallbackError('state-mismatch', 'the browser came back with a sign-in response that Switchboard did not ask for (its state did not match); nothing was signed in'),
        ),
      );
      return;
    }
    respond(response, 200, 'Back to Switchboard', 'Switchboard received the answer of the sign-in page. You can close this tab.');
    finish(() => resolveResult(url.searchParams));
  });

  const timer = setTimeout(() => {
    finish(() => rejectResult(new CallbackError('timeout', `the browser did not come back from the sign-in page within ${duration(options.timeoutMs)}`)));
  }, options.timeoutMs);
  timer.unref();

  function finish(settle: () => void): void {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    settle();
    // Lets the page just written reach the browser; the port is free again right after.
    setImmediate(() => {
      server.close();
      server.closeIdleConnections();
    });
  }

  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    server.listen({ host: '127.0.0.1', port: options.port, exclusive: true }, () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        port,
        redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
        expectState(state: string) {
          expected = state;
        },
        result,
        close() {
          finish(() => rejectResult(new CallbackError('closed', 'the sign-in was stopped')));
          server.closeAllConnections();
        },
      });
    });
  });
}

function duration(ms: number): string {
  const [count, unit] = ms >= 120_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.max(1, Math.ceil(ms / 1000)), 'second'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** A page on another name that resolves here (DNS rebinding) must not be able to use up the callback. */
function fromLoopback(request: IncomingMessage, port: number): boolean {
  return request.headers.host === `127.0.0.1:${port}` || request.headers.host === `localhost:${port}`;
}

/** Compares digests, so neither the content nor the length of the expected state leaks through timing. */
function sameSecret(received: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(received), digest(expected));
}

function respond(response: ServerResponse, status: number, title: string, text: string): void {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;line-height:1.5"><h1 style="font-size:1.25rem">${title}</h1><p>${text}</p></body></html>`;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The address holds the authorization code; nothing on the page may carry it elsewhere.
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  response.end(body);
}
