import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { defaultDataDir } from '../store/data-dir.ts';
import { CliError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';

/**
 * Said by the one-shot commands (servers, call, chat): naming the file is the consent that the app asks for
 * in a trust dialog, so those commands run non-interactively. Without --config only servers trusted in the app start.
 */
export const trustNote = `Naming a file with --config is your consent to run the servers it lists. Without it, only servers
you trusted in the app (or in \`switchboard serve\`) are started.`;

/** Accepted by every command. */
export const commonOptions = {
  config: { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const commonOptionsHelp = `  --config FILE     the server list (default: <data dir>/mcp.json)
  --data-dir DIR    where Switchboard keeps its files (default: the app's data folder)
  -h, --help        show this help`;

/** `parseArgs` in strict mode, with its errors turned into a usage error for this command. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs({ ...config, strict: true }) as ReturnType<typeof parseArgs<T>>;
  } catch (error) {
    const message = (error as Error).message.split('. To specify a positional argument')[0];
    throw CliError.usage(message, usage);
  }
}

export interface Locations {
  dataDir: string;
  configPath: string;
  /** The person named the config file with --config: their consent to run what it lists (see HostOptions.serverTrust). */
  explicitConfig: boolean;
}

export function resolveLocations(values: { config?: string; 'data-dir'?: string }, io: CliIo): Locations {
  const dataDir = path.resolve(io.cwd, values['data-dir'] ?? defaultDataDir(process.platform, io.env));
  if (values.config !== undefined) {
    const configPath = path.resolve(io.cwd, values.config);
    if (!existsSync(configPath)) throw new CliError(`config file not found: ${configPath}`);
    return { dataDir, configPath, explicitConfig: true };
  }
  return { dataDir, configPath: path.join(dataDir, 'mcp.json'), explicitConfig: false };
}

export function parseIntegerOption(name: string, raw: string | undefined, limits: { min: number; max: number }, usage: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < limits.min || value > limits.max) {
    throw CliError.usage(`--${name} must be a whole number from ${limits.min} to ${limits.max}, got "${raw}"`, usage);
  }
  return value;
}

/** A number of seconds, fractions allowed (`--timeout 0.5`), as `timeout` in mcp.json has them. */
export function parseSecondsOption(name: string, raw: string | undefined, limits: { max: number }, usage: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !(value > 0) || value > limits.max) {
    throw CliError.usage(`--${name} must be a number of seconds above 0, at most ${limits.max}, got "${raw}"`, usage);
  }
  return value;
}
