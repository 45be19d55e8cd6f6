import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  isSpecType,
} from '@modelcontextprotocol/client';
import type { ClientCapabilities, DiscoverResult, Implementation, Transport } from '@modelcontextprotocol/client';

/** The 2026-07-28 revision is the one modern revision the SDK negotiates today; revisions are ISO dates. */
const MODERN_REVISIONS = ['2026-07-28'];

export type ProbeOutcome =
  /** It answered `server/discover` with a revision we speak. */
  | { kind: 'modern'; discover: DiscoverResult }
  /** It answered, with an error (a 2025-era server: method not found) or without a revision we speak. */
  | { kind: 'legacy'; detail: string }
  /** No answer in time: says nothing about the era (a slow start, a loaded machine). */
  | { kind: 'timeout' }
  /** The process ended or closed its output when asked: it cannot take the probe on its one life. */
  | { kind: 'closed' };

export interface ProbeOptions {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  timeoutMs: number;
}

/**
 * Asks a freshly started stdio server `server/discover` (2026-07-28, Lifecycle → Version negotiation) on the
 * process that will serve the session, before the SDK client takes the transport over. A 2025-era server
 * answers an unknown method with an error and goes on to `initialize` on the same process, so one process
 * serves both the probe and the session; only a server that dies on the probe needs another.
 *
 * Starts the transport. On return the probe's handlers are gone and the next `start()` is a no-op, so
 * `client.connect(transport, { prior })` takes over the running process.
 */
export async function probeEraInPlace(transport: Transport, options: ProbeOptions): Promise<ProbeOutcome> {
  const id = 'switchboard-era-probe';
  let settle: (outcome: ProbeOutcome) => void = () => {};
  const answered = new Promise<ProbeOutcome>((resolve) => {
    settle = resolve;
  });
  transport.onmessage = (message) => {
    if (isJSONRPCResultResponse(message) && message.id === id) settle(classifyResult(message.result));
    else if (isJSONRPCErrorResponse(message) && message.id === id) {
      settle({ kind: 'legacy', detail: `answered server/discover with error ${message.error.code} (${message.error.message})` });
    }
  };
  transport.onclose = () => settle({ kind: 'closed' });
  transport.onerror = () => {};
  const timer = setTimeout(() => settle({ kind: 'timeout' }), options.timeoutMs);
  try {
    await transport.start();
    const request = {
      jsonrpc: '2.0' as const,
      id,
      method: 'server/discover',
      params: {
        _meta: {
          [PROTOCOL_VERSION_META_KEY]: MODERN_REVISIONS[0],
          [CLIENT_INFO_META_KEY]: options.clientInfo,
          [CLIENT_CAPABILITIES_META_KEY]: options.capabilities,
        },
      },
    };
    transport.send(request).catch(() => settle({ kind: 'closed' }));
    return await answered;
  } finally {
    clearTimeout(timer);
    transport.onmessage = undefined;
    transport.onclose = undefined;
    transport.onerror = undefined;
    handOver(transport);
  }
}

function classifyResult(result: unknown): ProbeOutcome {
  if (!isSpecType.DiscoverResult(result)) return { kind: 'legacy', detail: 'answered server/discover with something that is not a discover result' };
  if (!result.supportedVersions.some((version) => MODERN_REVISIONS.includes(version))) {
    return { kind: 'legacy', detail: `offers only ${result.supportedVersions.join(', ')} through server/discover` };
  }
  return { kind: 'modern', discover: result };
}

/** The SDK's connect starts its transport; this one is already running, so its next start() does nothing. */
function handOver(transport: Transport): void {
  const start = transport.start;
  transport.start = async () => {
    transport.start = start;
  };
}
