import { ProtocolError, ProtocolErrorCode, SdkHttpError } from '@modelcontextprotocol/client';

/**
 * A method the server does not implement. Over stdio (and 2025-era HTTP) that is a JSON-RPC error -32601; a
 * 2026-07-28 server over HTTP answers it with HTTP 404 and the same JSON-RPC error as the body, which the SDK's
 * transport passes on as an HTTP failure, not as the server's answer.
 */
export function isMethodNotFound(error: unknown): boolean {
  if (error instanceof ProtocolError) return error.code === ProtocolErrorCode.MethodNotFound;
  if (!(error instanceof SdkHttpError) || error.status !== 404) return false;
  const text = (error.data as { text?: unknown } | undefined)?.text;
  if (typeof text !== 'string') return false;
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown } };
    return body.error?.code === ProtocolErrorCode.MethodNotFound;
  } catch {
    return false;
  }
}
