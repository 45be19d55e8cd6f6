import type { FetchLike } from '@modelcontextprotocol/client';

/**
 * The largest MCP message Switchboard reads from a remote server: a JSON response body, or one event of an SSE
 * stream. The SDK buffers each whole before parsing it, so without a bound a hostile or broken server could
 * stream one message until the host runs out of memory. Tool results with images run to a few MiB; 32 MiB is
 * far above that and far below what hurts.
 */
export const MAX_HTTP_MESSAGE_BYTES = 32 * 1024 * 1024;

export class MessageTooLargeError extends Error {
  constructor(limitBytes: number) {
    super(`the server sent a message larger than ${formatMiB(limitBytes)}, the most Switchboard reads from a remote server; it was not read`);
    this.name = 'MessageTooLargeError';
  }
}

/** Marks the error response HttpRecovery gives a request whose event stream was cut off for size. */
export const TOO_LARGE_MARKER = 'switchboard/message-too-large';

/** The fetch's own error (a JSON body), the SDK's report of a stream it ended ("SSE stream disconnected: …"), or HttpRecovery's answer. */
export function isMessageTooLarge(error: unknown): boolean {
  if (error instanceof MessageTooLargeError) return true;
  if (!(error instanceof Error)) return false;
  if ((error as { data?: { reason?: unknown } }).data?.reason === TOO_LARGE_MARKER) return true;
  return error.message.includes('MessageTooLargeError: ');
}

function formatMiB(bytes: number): string {
  return bytes < 1024 * 1024 ? `${bytes} bytes` : `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}

/**
 * Wraps the fetch of a Streamable HTTP (or HTTP+SSE) transport so that no response body holds a message over
 * `limitBytes`: a body that is not an event stream counts as one message; an event stream counts from one event
 * boundary (a blank line, HTML Living Standard § Server-sent events) to the next. Past the limit the body fails
 * with MessageTooLargeError and the connection is closed, so the rest is never downloaded.
 */
export function cappedFetch(inner: FetchLike, limitBytes: number = MAX_HTTP_MESSAGE_BYTES): FetchLike {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.body) return response;
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limitBytes) {
      await response.body.cancel().catch(() => {});
      throw new MessageTooLargeError(limitBytes);
    }
    const stream = (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
    const capped = response.body.pipeThrough(stream ? eventSizeCap(limitBytes) : totalSizeCap(limitBytes));
    return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function totalSizeCap(limitBytes: number): TransformStream<Uint8Array, Uint8Array> {
  let total = 0;
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > limitBytes) controller.error(new MessageTooLargeError(limitBytes));
      else controller.enqueue(chunk);
    },
  });
}

const LF = 0x0a;
const CR = 0x0d;

/** Counts the bytes of the event being received; a line that is empty (or only CR) ends it. */
function eventSizeCap(limitBytes: number): TransformStream<Uint8Array, Uint8Array> {
  let eventBytes = 0;
  let lineBytes = 0;
  let lineIsOnlyCr = false;
  return new TransformStream({
    transform(chunk, controller) {
      let from = 0;
      while (from < chunk.byteLength) {
        const newline = chunk.indexOf(LF, from);
        const end = newline === -1 ? chunk.byteLength : newline;
        const length = end - from;
        if (length > 0) {
          lineIsOnlyCr = lineBytes === 0 && length === 1 && chunk[from] === CR;
          lineBytes += length;
          eventBytes += length;
        }
        if (eventBytes > limitBytes) {
          controller.error(new MessageTooLargeError(limitBytes));
          return;
        }
        if (newline === -1) break;
        if (lineBytes === 0 || (lineBytes === 1 && lineIsOnlyCr)) eventBytes = 0;
        else eventBytes += 1;
        lineBytes = 0;
        lineIsOnlyCr = false;
        from = newline + 1;
      }
      controller.enqueue(chunk);
    },
  });
}
