/** A failure the CLI reports as one line on stderr; `exitCode` 2 means the command line itself was wrong. */
export class CliError extends Error {
  readonly exitCode: number;
  /** For usage errors: the help text of the command that was misused. */
  readonly usage?: string;

  constructor(message: string, options: { exitCode?: number; usage?: string } = {}) {
    super(message);
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? 1;
    this.usage = options.usage;
  }

  static usage(message: string, usage: string): CliError {
    return new CliError(message, { exitCode: 2, usage });
  }
}
