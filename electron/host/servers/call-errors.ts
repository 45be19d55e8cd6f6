import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { HostError } from '../../../shared/api/host-error.ts';
import { isMessageTooLarge } from './http-limits/message-size-cap.ts';

export interface CallContext {
  server: string;
  /** What was asked, for people: `tool "echo"`, `resource file:///x`, `prompt "greet"`. */
  subject: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Set when the connection went away during the call: "exited with code 1", "closed the connection". */
  lostConnection?: () => string | undefined;
}

/** Failures that are the server's JSON-RPC answer (an error response, or a result that breaks its schema), not a lost connection. */
const answered = new WeakSet<HostError>();

/** Marks a failure as the server's own answer; the tool-call record files it as a protocol error. */
export function answeredWithError(error: HostError): HostError {
  answered.add(error);
  return error;
}

export function isAnsweredWithError(error: unknown): boolean {
  return error instanceof HostError && answered.has(error);
}

/** Turns whatever the SDK threw into a HostError whose code says what happened and whose message names the server. */
export function translateCallError(error: unknown, context: CallContext): HostError {
  if (error instanceof HostError) return error;
  const { server, subject } = context;
  const lost = context.lostConnection?.();
  if (lost) return new HostError('server_unavailable', `server "${server}" ${lost} while the call to ${subject} was running`);
  if (context.signal?.aborted) return new HostError('cancelled', `the call to ${subject} on server "${server}" was cancelled`);
  if (isMessageTooLarge(error)) {
    const detail = (error as Error).message.replace(/^.*MessageTooLargeError: /s, '');
    return new HostError('request_failed', `${subject} on server "${server}" failed: ${detail}`);
  }
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.RequestTimeout:
        return new HostError('timeout', `server "${server}" did not answer ${subject} within ${formatDuration(context.timeoutMs)}`);
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
        return new HostError('server_unavailable', `server "${server}" closed the connection during the call to ${subject}`);
      case SdkErrorCode.ClientHttpAuthentication:
      case SdkErrorCode.ClientHttpForbidden:
        return new HostError('unauthorized', `server "${server}" refused ${subject}: ${error.message}`);
      default:
        return new HostError('request_failed', `${subject} on server "${server}" failed: ${error.message}`);
    }
  }
  const mismatch = outputSchemaMismatch(error);
  if (mismatch !== undefined) {
    return answeredWithError(new HostError('request_failed', `server "${server}" answered ${subject}, but the server's result does not match its declared schema: ${mismatch}`));
  }
  if (error instanceof ProtocolError) {
    return answeredWithError(new HostError('request_failed', `server "${server}" answered ${subject} with an error (${error.code}): ${error.message}`));
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return new HostError('cancelled', `the call to ${subject} on server "${server}" was cancelled`);
  }
  return new HostError('request_failed', `${subject} on server "${server}" failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The SDK client checks a tool's structured result against the outputSchema the server listed (Server Features →
 * Tools → Output Schema: servers MUST conform to it) and throws a ProtocolError of its own, as if the server had
 * answered with an error. Its wording is the only sign; call-errors.test.ts pins it against a real server.
 */
function outputSchemaMismatch(error: unknown): string | undefined {
  if (!(error instanceof ProtocolError)) return undefined;
  const detail = /^(?:MCP error -?\d+: )?Structured content does not match the tool's output schema: (.*)$/s.exec(error.message);
  return detail?.[1];
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
