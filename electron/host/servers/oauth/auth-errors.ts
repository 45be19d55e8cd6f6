import { SdkError, SdkErrorCode, UnauthorizedError } from '@modelcontextprotocol/client';

/** Thrown where only the person can go on: nothing is registered with the authorization server yet. */
export class SignInRequiredError extends Error {
  constructor(message = 'sign-in required') {
    super(message);
    this.name = 'SignInRequiredError';
  }
}

/** Auth failures that only a sign-in can fix: what the connection layer turns into `needs-auth`. */
export function isSignInRequired(error: unknown): boolean {
  return error instanceof UnauthorizedError || error instanceof SignInRequiredError || isRefusedAfterReauthorization(error);
}

/** The 401 came back even after the SDK re-authorized: the stored tokens are refused outright. */
export function isRefusedAfterReauthorization(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.ClientHttpAuthentication;
}
