import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/client';
import type { ClientCapabilities, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * What the host declares on the 2026-07-28 wire: the same as on the 2025 ones, less `roots.listChanged`,
 * which that revision dropped (roots are asked for again when needed, there is no list-changed notification).
 */
export function modernClientCapabilities(capabilities: ClientCapabilities): ClientCapabilities {
  if (!capabilities.roots) return capabilities;
  const { listChanged: _dropped, ...roots } = capabilities.roots;
  return { ...capabilities, roots };
}

/**
 * The SDK client has one capability set, sent both in `initialize` (2025 eras) and in the `_meta` envelope of
 * every 2026-07-28 message, the `server/discover` probe included. Only 2026-07-28 messages carry the envelope,
 * so replacing it on the way out declares the modern set there and leaves 2025-era traffic byte-identical.
 */
export function declareModernCapabilities(transport: Transport, capabilities: ClientCapabilities): void {
  const modern = modernClientCapabilities(capabilities);
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(withModernEnvelope(message, modern), options);
}

function withModernEnvelope(message: JSONRPCMessage, modern: ClientCapabilities): JSONRPCMessage {
  if (!('method' in message)) return message;
  const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  if (!meta || !(CLIENT_CAPABILITIES_META_KEY in meta)) return message;
  // Extensions declared for this one message stay (the tasks extension frames only the requests it works on).
  const extensions = (meta[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  const declared = extensions ? { ...modern, extensions: { ...modern.extensions, ...extensions } } : modern;
  return { ...message, params: { ...message.params, _meta: { ...meta, [CLIENT_CAPABILITIES_META_KEY]: declared } } } as JSONRPCMessage;
}
