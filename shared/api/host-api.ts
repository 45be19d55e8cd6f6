import type { z } from 'zod';
import { activityEventNames, activityMethods } from './activity-api.ts';
import type { ActivityEvents, ActivityResults } from './activity-api.ts';
import { appsMethods } from './apps-api.ts';
import type { AppsResults } from './apps-api.ts';
import { authMethods } from './auth-api.ts';
import type { AuthResults } from './auth-api.ts';
import { chatEventNames, chatMethods } from './chat-api.ts';
import type { ChatEvents, ChatResults } from './chat-api.ts';
import { consentEventNames, consentMethods } from './consent-api.ts';
import { contextEventNames, contextMethods } from './context-api.ts';
import type { ContextEvents, ContextResults } from './context-api.ts';
import type { ConsentEvents, ConsentResults } from './consent-api.ts';
import { humanEventNames, humanMethods } from './human-api.ts';
import { importMethods } from './import-api.ts';
import type { ImportResults } from './import-api.ts';
import { inputsMethods } from './inputs-api.ts';
import type { InputsResults } from './inputs-api.ts';
import type { HumanEvents, HumanResults } from './human-api.ts';
import { serversEventNames, serversMethods } from './servers-api.ts';
import type { ServersEvents, ServersResults } from './servers-api.ts';
import { tasksEventNames, tasksMethods } from './tasks-api.ts';
import type { TasksEvents, TasksResults } from './tasks-api.ts';
import { skillsEventNames, skillsMethods } from './skills-api.ts';
import { logLevelMethods } from './log-level-api.ts';
import type { LogLevelResults } from './log-level-api.ts';
import { iconsMethods } from './icons-api.ts';
import type { IconsResults } from './icons-api.ts';
import type { SkillsEvents, SkillsResults } from './skills-api.ts';
import { telemetryEventNames, telemetryMethods } from './telemetry-api.ts';
import type { TelemetryEvents, TelemetryResults } from './telemetry-api.ts';

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
  ...tasksMethods,
  ...skillsMethods,
  ...appsMethods,
  ...inputsMethods,
  ...contextMethods,
  ...importMethods,
  ...logLevelMethods,
  ...iconsMethods,
  ...telemetryMethods,
  ...activityMethods,
} as const;

export type HostMethodName = keyof typeof hostMethods;
export type HostMethodParams<M extends HostMethodName> = z.input<(typeof hostMethods)[M]>;
export type HostMethodParsedParams<M extends HostMethodName> = z.output<(typeof hostMethods)[M]>;

export interface HostMethodResults extends ServersResults, ChatResults, ConsentResults, HumanResults, AuthResults, TasksResults, SkillsResults, AppsResults, InputsResults, ContextResults, ImportResults, LogLevelResults, IconsResults, TelemetryResults, ActivityResults {}
export interface HostEvents extends ServersEvents, ChatEvents, ConsentEvents, HumanEvents, TasksEvents, SkillsEvents, ContextEvents, TelemetryEvents, ActivityEvents {}

export type HostEventName = keyof HostEvents;

export const hostEventNames: readonly HostEventName[] = [...serversEventNames, ...chatEventNames, ...consentEventNames, ...humanEventNames, ...tasksEventNames, ...skillsEventNames, ...contextEventNames, ...telemetryEventNames, ...activityEventNames];

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
