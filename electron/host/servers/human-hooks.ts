import type { ElicitRequestURLParams } from '@modelcontextprotocol/client';
import type { ApplicationInputRequest, ApplicationInputResult } from '@modelcontextprotocol/ext-tasks/client';
import type { ConsentContext } from '../../../shared/consent/consent-types.ts';
import type { ServerConfig } from '../../../shared/servers/server-config.ts';
import type { ServerTrust } from '../../../shared/servers/server-state.ts';
import type { CallHolds } from './call-holds.ts';

/** Whether a server's launch may run: asked of the person before a first start and after the launch changed. */
export interface TrustGate {
  /** The stored verdict for this exact launch, without asking; `changed` when an earlier launch of it was trusted. */
  verdict(server: string, config: ServerConfig): { trust: ServerTrust; changed: boolean };
  /**
   * Asks the person. `opened` receives the consent request's id as soon as it is open. Resolves, never
   * rejects: `trusted: false` with a reason when they declined or the question closed (the signal aborts it).
   */
  ask(server: string, config: ServerConfig, signal: AbortSignal, opened: (requestId: string) => void): Promise<{ trusted: boolean; reason?: string }>;
}

/**
 * A 2025-era server answered a tool call with -32042: the person must finish something in the browser first.
 * Resolves true when the call should be retried (they did, or the server said it is complete).
 */
export type UrlElicitationHandler = (
  server: string,
  elicitations: ElicitRequestURLParams[],
  call: { context?: ConsentContext; signal?: AbortSignal },
) => Promise<boolean>;

/** What the human-in-the-loop layer lends the servers layer; every part is optional (the conformance client uses none). */
export interface ServerHumanHooks {
  trustGate?: TrustGate;
  holds?: CallHolds;
  urlElicitationRequired?: UrlElicitationHandler;
  /** A 2026-07-28 task asks for input (`input_required`): the same questions as any other, answered for the task. */
  taskInput?: TaskInputHandler;
}

export type TaskInputHandler = <R extends ApplicationInputRequest>(
  server: string,
  request: R,
  call: { context?: ConsentContext; signal?: AbortSignal },
) => Promise<ApplicationInputResult<R>>;

/** Several -32042 rounds for one call are legitimate (a sign-in, then a consent page); a loop is not. */
export const MAX_URL_ELICITATION_RETRIES = 3;
