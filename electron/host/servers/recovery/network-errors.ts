import { SdkHttpError } from '@modelcontextprotocol/client';

const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/** fetch() reports a failed connection as `TypeError: fetch failed` with the system error as its cause. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === 'string' && (NETWORK_ERROR_CODES.has(cause.code) || cause.code.startsWith('UND_ERR_'))) return true;
  return error instanceof TypeError && error.message === 'fetch failed';
}

export function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof SdkHttpError) {
    const status = `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ''}`;
    const message = error.message.replace(/[:\s]+$/, '');
    return message.includes(String(error.status)) ? message : `${message} (${status})`;
  }
  const cause = (error as { cause?: unknown }).cause;
  if (error.message === 'fetch failed' && cause instanceof Error) return cause.message;
  return error.message;
}
