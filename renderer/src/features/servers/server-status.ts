import type { LaunchSummary, ProtocolEra, RestartPlan, ServerExit, ServerStatus } from '../../../../shared/servers/server-state.ts';
import { redactUrl } from '../../../../shared/servers/redact-url.ts';

export const statusLabels: Record<ServerStatus, string> = {
  disabled: 'Disabled',
  connecting: 'Connecting',
  connected: 'Connected',
  error: 'Error',
  crashed: 'Crashed',
  stopped: 'Stopped',
  'awaiting-trust': 'Awaiting trust',
  untrusted: 'Not trusted',
  'needs-auth': 'Sign-in needed',
};

/** `auth`: waits for the person to sign in, with a lock instead of a spinner: nothing happens until they do. */
export type Tone = 'ok' | 'pending' | 'danger' | 'muted' | 'auth';

export const statusTones: Record<ServerStatus, Tone> = {
  disabled: 'muted',
  connecting: 'pending',
  connected: 'ok',
  error: 'danger',
  crashed: 'danger',
  stopped: 'muted',
  'awaiting-trust': 'pending',
  untrusted: 'muted',
  'needs-auth': 'auth',
};

export function describeExit(exit: ServerExit): string {
  if (exit.signal) return `killed by ${exit.signal}`;
  if (exit.code !== null) return `exited with code ${exit.code}`;
  return 'exited';
}

/**
 * What automatic restart is doing, in words, numbered like the host's log ("attempt 1 of 5"); `undefined`
 * when there is nothing to say. The host keeps the plan for a while after a successful restart.
 */
export function describeRestart(restart: RestartPlan | undefined, status: ServerStatus, now: number): string | undefined {
  if (!restart || restart.attempt === 0) return undefined;
  const restarts = restart.attempt === 1 ? '1 automatic restart' : `${restart.attempt} automatic restarts`;
  if (restart.gaveUp) return `Gave up after ${restarts}`;
  if (status === 'connected') return `Back after ${restarts}`;
  if (status === 'connecting') return `Restart attempt ${restart.attempt}: starting`;
  if (restart.nextAt !== undefined && (status === 'crashed' || status === 'error')) {
    const seconds = Math.max(0, Math.ceil((restart.nextAt - now) / 1000));
    return seconds > 0 ? `Restart attempt ${restart.attempt} in ${seconds} s` : `Restart attempt ${restart.attempt} now`;
  }
  return undefined;
}

/** The era decides which handshake the server speaks; the badge names it by the spec revision. */
export function eraBadge(era: ProtocolEra, protocolVersion: string | undefined): { label: string; title: string } {
  if (era === 'modern') {
    return { label: protocolVersion ?? '2026-07-28', title: 'Stateless 2026-07-28 protocol' };
  }
  return {
    label: protocolVersion ? `2025 · ${protocolVersion}` : '2025',
    title: `2025-era protocol (initialize handshake)${protocolVersion ? `, version ${protocolVersion}` : ''}`,
  };
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const lastSegment = (value: string) => value.split(/[\\/]/).filter(Boolean).at(-1) ?? value;
const isAbsolutePath = (value: string) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(value) && /[\\/]/.test(value.slice(1));

/**
 * A launch command short enough for a card: absolute paths keep only their last segment (the full command is
 * in the title and on the Info tab). `node /home/me/src/server/index.js` becomes `node …/index.js`.
 */
export function shortCommand(command: string, args: readonly string[]): string {
  return [lastSegment(command), ...args.map((arg) => (isAbsolutePath(arg) ? `…/${lastSegment(arg)}` : arg))].join(' ');
}

/**
 * What a card and the Info tab show of where a server runs. A remote address loses its query and
 * `user:password@` (tokens ride there, and screens get shared); the edit form still has the whole entry.
 */
export function launchTarget(launch: LaunchSummary | undefined): { short: string; full: string } | undefined {
  if (!launch) return undefined;
  if (launch.transport !== 'stdio') {
    const shown = redactUrl(launch.url);
    return { short: shown, full: shown };
  }
  return { short: shortCommand(launch.command, launch.args), full: [launch.command, ...launch.args].join(' ') };
}
