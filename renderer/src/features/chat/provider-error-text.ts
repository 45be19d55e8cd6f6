import type { ProviderErrorInfo } from '../../../../shared/chat/chat-types.ts';

export interface ProviderErrorText {
  title: string;
  /** What the person can do about it. */
  advice: string;
  /** `settings`: the fix is there (a key, a URL). `retry`: sending again may work. */
  action: 'settings' | 'retry';
  /** Epoch ms before which a retry is pointless (the provider said so). */
  retryAt?: number;
}

/** A failed turn in plain words. `failedAt` is when the turn failed, for the provider's retry-after. */
export function describeProviderError(error: ProviderErrorInfo, failedAt: number): ProviderErrorText {
  switch (error.kind) {
    case 'no_api_key':
      return { title: 'No API key is set for this provider', advice: 'Add a key in Settings, then send again.', action: 'settings' };
    case 'auth':
      return { title: 'The provider did not accept the API key', advice: 'Check or replace the key in Settings.', action: 'settings' };
    case 'rate_limit': {
      const seconds = error.retryAfterSeconds;
      return {
        title: 'Rate limited by the provider',
        advice: seconds !== undefined ? `The provider asks to wait ${seconds} s before trying again.` : 'Wait a little, then try again.',
        action: 'retry',
        ...(seconds !== undefined ? { retryAt: failedAt + seconds * 1000 } : {}),
      };
    }
    case 'overloaded':
      return { title: 'The provider is overloaded', advice: 'This is on their side and usually passes; try again in a moment.', action: 'retry' };
    case 'network':
      return {
        title: 'Could not reach the provider',
        advice: 'Check the network connection, or the base URL in Settings, then try again.',
        action: 'retry',
      };
    case 'stream':
      return { title: 'The answer broke off', advice: 'The connection dropped while the answer streamed; try again.', action: 'retry' };
    case 'server':
      return { title: 'The provider had an internal error', advice: 'Try again; if it keeps failing, try later.', action: 'retry' };
    case 'bad_request':
      return { title: 'The provider refused the request', advice: 'The message below says why; a different model or a shorter conversation may help.', action: 'retry' };
    default:
      return { title: 'The answer failed', advice: 'Try again.', action: 'retry' };
  }
}

/** Whole seconds left until `retryAt`, never negative. */
export function secondsUntil(retryAt: number | undefined, now: number): number {
  return retryAt === undefined ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
}
