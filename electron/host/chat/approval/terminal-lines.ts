import readline from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * One reader of a terminal's input, shared by everything that asks there (tool approvals, the servers' forms),
 * and one question at a time: a question's lines never go to another. End of input answers every wait with
 * `undefined`.
 */
export class TerminalLines {
  private readonly lines: readline.Interface;
  private readonly waiting: ((line: string | undefined) => void)[] = [];
  private readonly buffered: string[] = [];
  private ended = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(input: Readable) {
    this.lines = readline.createInterface({ input, terminal: false });
    this.lines.on('line', (line) => {
      const next = this.waiting.shift();
      if (next) next(line);
      else this.buffered.push(line);
    });
    this.lines.on('close', () => {
      this.ended = true;
      for (const next of this.waiting.splice(0)) next(undefined);
    });
  }

  /** The next line, or undefined at the end of input or when `signal` aborts. */
  next(signal: AbortSignal): Promise<string | undefined> {
    if (signal.aborted) return Promise.resolve(undefined);
    if (this.buffered.length > 0) return Promise.resolve(this.buffered.shift());
    if (this.ended) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const take = (line: string | undefined) => {
        signal.removeEventListener('abort', onAbort);
        resolve(line);
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(take);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(undefined);
      };
      this.waiting.push(take);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Runs `ask` after every question asked before it has finished. */
  turn<T>(ask: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(ask);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  close(): void {
    this.lines.close();
  }
}
