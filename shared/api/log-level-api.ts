import { z } from 'zod';

export const logLevels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export const logLevelMethods = {
  'servers.logLevel': z.object({ server: z.string().min(1) }).strict(),
  /** The lowest level of the server's log messages the person wants (Server Features → Logging). */
  'servers.setLogLevel': z.object({ server: z.string().min(1), level: z.enum(logLevels) }).strict(),
} as const;

export interface ServerLogLevel {
  server: string;
  level: (typeof logLevels)[number];
  /** While connected: whether the server offers MCP logging at all. */
  supported?: boolean;
  /** While connected: `set-level` (2025-era `logging/setLevel`) or `per-request` (2026-07-28 request `_meta`). */
  how?: 'set-level' | 'per-request';
}

export interface LogLevelResults {
  'servers.logLevel': ServerLogLevel;
  'servers.setLogLevel': ServerLogLevel;
}
