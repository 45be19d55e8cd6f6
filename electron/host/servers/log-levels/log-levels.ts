import type { Client } from '@modelcontextprotocol/client';
import { HostError } from '../../../../shared/api/host-error.ts';
import type { LogLevel } from '../../../../shared/servers/server-state.ts';
import type { ServerLogLevel } from '../../../../shared/api/log-level-api.ts';
import type { SettingsStore } from '../../store/database.ts';

const KEY = 'servers.logLevels';
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** What the log level needs from the servers layer. */
export interface LogLevelServers {
  client(name: string): Client | undefined;
  note(name: string, level: LogLevel, text: string): void;
}

/**
 * The level of log messages the person wants from each server (Server Features → Logging), kept in settings.
 * A 2025-era server is told with `logging/setLevel`, at connect and at each change; 2026-07-28 has no session,
 * so each request carries the level in `_meta` (`server-connection.ts` reads it from here at every call).
 */
export class LogLevels {
  private readonly settings: SettingsStore;
  private levels: Record<string, LogLevel>;

  constructor(settings: SettingsStore) {
    this.settings = settings;
    this.levels = settings.get<Record<string, LogLevel>>(KEY, {});
  }

  get(server: string): LogLevel {
    return this.levels[server] ?? DEFAULT_LOG_LEVEL;
  }

  view(server: string, servers: LogLevelServers): ServerLogLevel {
    const client = servers.client(server);
    const capabilities = client?.getServerCapabilities();
    return {
      server,
      level: this.get(server),
      ...(client ? { supported: capabilities?.logging !== undefined, how: client.getProtocolEra() === 'modern' ? 'per-request' : 'set-level' } : {}),
    };
  }

  async set(server: string, level: LogLevel, servers: LogLevelServers): Promise<ServerLogLevel> {
    this.levels = { ...this.levels, [server]: level };
    this.settings.set(KEY, this.levels);
    const client = servers.client(server);
    if (client && client.getProtocolEra() !== 'modern' && client.getServerCapabilities()?.logging) {
      try {
        await client.setLoggingLevel(level, { timeout: 5_000 });
      } catch (error) {
        throw new HostError('server_unavailable', `server "${server}" did not accept logging/setLevel ${level}: ${(error as Error).message}`);
      }
    }
    servers.note(server, 'info', `log level set to ${level}`);
    return this.view(server, servers);
  }
}
