/**
 * How `switchboard call` ends, for scripts: each outcome its own code. 1 stays the catch-all failure every
 * command uses; 124 is what GNU `timeout` returns; a signal gives 128 + its number (shutdown-signals.ts).
 */
export const CALL_EXIT = {
  ok: 0,
  /** The call could not be made or broke: config, server, connection, protocol. */
  failed: 1,
  /** The command line was wrong (CliError.usage). */
  usage: 2,
  /** The tool ran and reported an error (`isError: true`). */
  toolError: 3,
  /** No progress for `--timeout`, or longer than `--max-time`. */
  timedOut: 124,
} as const;
