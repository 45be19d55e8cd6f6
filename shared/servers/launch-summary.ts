import type { ServerConfig, TransportKind } from './server-config.ts';
import { isStdioConfig, transportOf } from './server-config.ts';
import type { LaunchSummary } from './server-state.ts';

/** What runs, for people to see: names of env variables and headers only, never their values. */
export function summarizeLaunch(config: ServerConfig): LaunchSummary {
  if (isStdioConfig(config)) {
    return {
      transport: 'stdio',
      command: config.command,
      args: [...(config.args ?? [])],
      ...(config.cwd !== undefined ? { cwd: config.cwd } : {}),
      envKeys: Object.keys(config.env ?? {}).sort(),
    };
  }
  return { transport: transportOf(config) as 'http' | 'sse', url: config.url, headerKeys: Object.keys(config.headers ?? {}).sort() };
}

/** The transport an entry means, even when it failed validation (so a broken entry still shows sensibly). */
export function guessTransport(raw: unknown): TransportKind {
  if (typeof raw !== 'object' || raw === null) return 'stdio';
  const record = raw as Record<string, unknown>;
  if ('command' in record) return 'stdio';
  if ('url' in record || 'serverUrl' in record) return record.type === 'sse' ? 'sse' : 'http';
  return 'stdio';
}
