import type { z } from 'zod';
import { authMethods } from './auth-api.ts';
import type { AuthResults } from './auth-api.ts';
import { chatEventNames, chatMethods } from './chat-api.ts';
import type { ChatEvents, ChatResults } from './chat-api.ts';
import { consentEventNames, consentMethods } from './consent-api.ts';
import type { ConsentEvents, ConsentResults } from './consent-api.ts';
import { humanEventNames, humanMethods } from './human-api.ts';
import type { HumanEvents, HumanResults } from './human-api.ts';
import { serversEventNames, serversMethods } from './servers-api.ts';
import type { ServersEvents, ServersResults } from './servers-api.ts';
import { skillsEventNames, skillsMethods } from './skills-api.ts';
import { logLevelMethods } from './log-level-api.ts';
import type { LogLevelResults } from './log-level-api.ts';
import type { SkillsEvents, SkillsResults } from './skills-api.ts';

/**
 * The one contract between the UI and the host core. Every method takes one params object, validated by
 * its zod schema on the host side of every transport (Electron IPC, the browser-mode WebSocket, the CLI).
 * A domain adds its methods here: one spread, one results interface, one events interface.
 */
export const hostMethods = {
  ...serversMethods,
  ...chatMethods,
  ...consentMethods,
  ...humanMethods,
  ...authMethods,
  ...skillsMethods,
  ...logLevelMethods,
} as const;

export type HostMethodName = keyof typeof hostMethods;
export type HostMethodParams<M extends HostMethodName> = z.input<(typeof hostMethods)[M]>;
export type HostMethodParsedParams<M extends HostMethodName> = z.output<(typeof hostMethods)[M]>;

export interface HostMethodResults extends ServersResults, ChatResults, ConsentResults, HumanResults, AuthResults, SkillsResults, LogLevelResults {}
export interface HostEvents extends ServersEvents, ChatEvents, ConsentEvents, HumanEvents, SkillsEvents {}

export type HostEventName = keyof HostEvents;

export const hostEventNames: readonly HostEventName[] = [...serversEventNames, ...chatEventNames, ...consentEventNames, ...humanEventNames, ...skillsEventNames];

export function isHostEventName(name: unknown): name is HostEventName {
  return typeof name === 'string' && (hostEventNames as readonly string[]).includes(name);
}

export const hostMethodNames = Object.keys(hostMethods) as HostMethodName[];

export function isHostMethodName(name: unknown): name is HostMethodName {
  return typeof name === 'string' && Object.hasOwn(hostMethods, name);
}

/** What the renderer sees, whichever transport carries it. */
export interface HostApi {
  call<M extends HostMethodName>(method: M, params: HostMethodParams<M>): Promise<HostMethodResults[M]>;
  on<E extends HostEventName>(event: E, listener: (payload: HostEvents[E]) => void): () => void;
}
