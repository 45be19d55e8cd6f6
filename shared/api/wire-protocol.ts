import { z } from 'zod';
import type { HostEventName, HostEvents } from './host-api.ts';
import type { HostErrorCode } from './host-error.ts';

/**
 * The messages that carry `HostApi` over one WebSocket in browser mode. One JSON object per text frame.
 * The client sends `call`s; the host answers each with a `result` or an `error` carrying the same id, and
 * pushes every host `event` to every connected client (no subscriptions: there are few clients).
 */

/** Where the host accepts the WebSocket, on the same origin as the page. */
export const WIRE_PATH = '/api';

/**
 * The subprotocol a browser-mode client offers, and the only one the host echoes back. Next to it the
 * client offers `WIRE_TOKEN_PROTOCOL_PREFIX + token`: the proof that it is the page this instance served
 * (only that origin's sessionStorage holds the token), sent in the handshake and never echoed.
 */
export const WIRE_SUBPROTOCOL = 'switchboard.v1';
export const WIRE_TOKEN_PROTOCOL_PREFIX = 'switchboard.token.';

/** Where the printed address carries the token: the fragment, which a browser never sends to any server. */
export const TOKEN_FRAGMENT_KEY = 'token';

/** Larger frames are refused by the host (and the socket closed); a client should not send them. */
export const WIRE_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

const hostErrorCodes = [
  'invalid_params',
  'unknown_method',
  'not_found',
  'conflict',
  'config_unreadable',
  'server_unavailable',
  'request_failed',
  'timeout',
  'cancelled',
  'unauthorized',
  'storage_failed',
  'internal',
] as const satisfies readonly HostErrorCode[];

// Fails to compile when a code is added to HostErrorCode but not to the list above.
const _everyHostErrorCodeListed: [Exclude<HostErrorCode, (typeof hostErrorCodes)[number]>] extends [never] ? true : never = true;

export function isHostErrorCode(value: unknown): value is HostErrorCode {
  return typeof value === 'string' && (hostErrorCodes as readonly string[]).includes(value);
}

const callId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const wireCallSchema = z
  .object({
    type: z.literal('call'),
    id: callId,
    method: z.string().min(1).max(200),
    params: z.unknown(),
  })
  .strict();

export const wireClientMessageSchema = wireCallSchema;

export const wireResultSchema = z.object({ type: z.literal('result'), id: callId, result: z.unknown() }).strict();

export const wireErrorSchema = z
  .object({
    type: z.literal('error'),
    /** `null` when the host could not read an id from the message it is answering (a malformed message). */
    id: callId.nullable(),
    error: z.object({ code: z.enum(hostErrorCodes), message: z.string() }).strict(),
  })
  .strict();

export const wireEventSchema = z
  .object({ type: z.literal('event'), event: z.string().min(1), payload: z.unknown() })
  .strict();

export const wireHostMessageSchema = z.discriminatedUnion('type', [wireResultSchema, wireErrorSchema, wireEventSchema]);

export type WireCall = z.infer<typeof wireCallSchema>;
export type WireClientMessage = z.infer<typeof wireClientMessageSchema>;
export type WireResult = z.infer<typeof wireResultSchema>;
export type WireError = z.infer<typeof wireErrorSchema>;
export type WireEvent = z.infer<typeof wireEventSchema>;
export type WireHostMessage = z.infer<typeof wireHostMessageSchema>;

/** An event as the host sends it, with its payload typed by name. */
export type TypedWireEvent<E extends HostEventName> = { type: 'event'; event: E; payload: HostEvents[E] };

export type WireParse<T> = { ok: true; message: T } | { ok: false; notJson: boolean; id: number | null; problem: string };

function parseWith<T>(schema: z.ZodType<T>, text: string): WireParse<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, notJson: true, id: null, problem: 'message is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const problem = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; ');
  return { ok: false, notJson: false, id: recoverId(json), problem };
}

/** Lets the sender of a malformed call still match the error to the call it made. */
function recoverId(json: unknown): number | null {
  if (typeof json !== 'object' || json === null) return null;
  const id = (json as { id?: unknown }).id;
  return callId.safeParse(id).success ? (id as number) : null;
}

/** Used by the host on every frame a client sends. */
export function parseClientMessage(text: string): WireParse<WireClientMessage> {
  return parseWith(wireClientMessageSchema, text);
}

/** Used by the browser-side client on every frame the host sends. */
export function parseHostMessage(text: string): WireParse<WireHostMessage> {
  return parseWith(wireHostMessageSchema, text);
}
