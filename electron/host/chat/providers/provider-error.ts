import type { APIError as AnthropicApiError } from '@anthropic-ai/sdk';
import type { APIError as OpenAIApiError } from 'openai';
import type { ProviderErrorInfo, ProviderId } from '../../../../shared/chat/chat-types.ts';

/** A failed model turn, already put in words for a person. Never carries the API key. */
export class ProviderError extends Error {
  readonly info: ProviderErrorInfo;
  constructor(info: ProviderErrorInfo, options?: { cause?: unknown }) {
    super(info.message, options);
    this.name = 'ProviderError';
    this.info = info;
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

const PROVIDER_NAMES: Record<ProviderId, string> = { anthropic: 'Anthropic', openai: 'The OpenAI-compatible server' };

type StainlessApiError = AnthropicApiError | OpenAIApiError;

type ErrorClass = abstract new (...args: never[]) => Error;
/** The error classes both provider SDKs export (they share their generator). */
export interface SdkErrorClasses {
  APIError: ErrorClass;
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIUserAbortError: ErrorClass;
}

// Filled by each provider module as it loads, so that a command that never talks to a model (`switchboard call`)
// does not load either SDK; an error of an SDK that was never loaded cannot occur.
const loadedSdks: SdkErrorClasses[] = [];

export function registerSdkErrors(sdk: SdkErrorClasses): void {
  if (!loadedSdks.includes(sdk)) loadedSdks.push(sdk);
}

function isSdkError(error: unknown, kind: keyof SdkErrorClasses): boolean {
  return loadedSdks.some((sdk) => error instanceof sdk[kind]);
}

export function isAbortError(error: unknown): boolean {
  return isSdkError(error, 'APIUserAbortError') || (error instanceof Error && error.name === 'AbortError');
}

function isApiError(error: unknown): error is StainlessApiError {
  return isSdkError(error, 'APIError');
}

function isConnectionError(error: unknown): boolean {
  return isSdkError(error, 'APIConnectionError');
}

function causeCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `retry-after` holds seconds or an HTTP date; `retry-after-ms` (Anthropic, OpenAI) milliseconds. */
export function retryAfterSeconds(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function apiMessageOf(error: StainlessApiError): string | undefined {
  const body = error.error as { error?: { message?: unknown }; message?: unknown } | undefined;
  const text = body?.error?.message ?? body?.message;
  return typeof text === 'string' && text.trim() ? text.trim() : undefined;
}

function apiTypeOf(error: StainlessApiError): string | undefined {
  const body = error.error as { error?: { type?: unknown }; type?: unknown } | undefined;
  const type = body?.error?.type ?? body?.type;
  return typeof type === 'string' ? type : undefined;
}

/**
 * Any error from a model turn → what kind of trouble it is and one plain sentence. `midStream` says the
 * answer had begun arriving. Every `secrets` string is scrubbed from the message (some APIs quote the key).
 */
export function toProviderError(
  error: unknown,
  provider: ProviderId,
  options: { midStream?: boolean; secrets?: readonly (string | undefined)[] } = {},
): ProviderError {
  if (error instanceof ProviderError) return error;
  const info = classify(error, provider, options.midStream ?? false);
  for (const secret of options.secrets ?? []) {
    if (secret && secret.length >= 4) info.message = info.message.split(secret).join('[redacted]');
  }
  return new ProviderError(info, { cause: error });
}

function classify(error: unknown, provider: ProviderId, midStream: boolean): ProviderErrorInfo {
  const who = PROVIDER_NAMES[provider];
  if (isConnectionError(error) || (!isApiError(error) && causeCode(error) && !midStream)) {
    const code = causeCode(error);
    const timedOut = isSdkError(error, 'APIConnectionTimeoutError');
    return {
      kind: 'network',
      message: timedOut
        ? `${who} did not answer in time.`
        : `Could not reach ${who}${code ? ` (${code})` : ''}. Check the network and the base URL.`,
    };
  }
  if (isApiError(error)) {
    const status = typeof error.status === 'number' ? error.status : undefined;
    const detail = apiMessageOf(error);
    const type = apiTypeOf(error);
    const withDetail = (text: string) => (detail ? `${text} ${who} said: ${detail}` : text);
    if (status === undefined) {
      // An `error` event inside a stream that had started fine: what arrived is partial, whatever the cause.
      const cause = type === 'overloaded_error' ? ' (overloaded)' : type === 'rate_limit_error' ? ' (rate limited)' : '';
      return { kind: 'stream', message: withDetail(`The answer broke off while streaming${cause}; send again to retry.`) };
    }
    if (status === 401 || status === 403) {
      return { kind: 'auth', status, message: withDetail(`${who} rejected the API key (${status}). Check it in Settings.`) };
    }
    if (status === 429) {
      const retryAfter = retryAfterSeconds(error.headers);
      const info: ProviderErrorInfo = {
        kind: 'rate_limit',
        status,
        message: withDetail(`Rate limited by ${who}${retryAfter !== undefined ? `; retry in ${retryAfter} s` : ''}.`),
      };
      if (retryAfter !== undefined) info.retryAfterSeconds = retryAfter;
      return info;
    }
    // Anthropic says 529; OpenAI-compatible servers say 503 when the model is overloaded or still loading.
    if (status === 529 || status === 503 || type === 'overloaded_error') {
      return { kind: 'overloaded', status, message: withDetail(`${who} is overloaded (${status}); try again in a moment.`) };
    }
    if (status >= 500) return { kind: 'server', status, message: withDetail(`${who} had an internal error (${status}).`) };
    return { kind: 'bad_request', status, message: withDetail(`${who} refused the request (${status}).`) };
  }
  if (midStream) {
    return { kind: 'stream', message: `The answer broke off while streaming${error instanceof Error && error.message ? `: ${error.message}` : '.'}` };
  }
  return { kind: 'unknown', message: error instanceof Error ? error.message : String(error) };
}
