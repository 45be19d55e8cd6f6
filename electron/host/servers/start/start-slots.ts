import os from 'node:os';

/**
 * How many stdio servers start at once. Starting one is mostly CPU: its runtime boots and loads its modules. More
 * starts than cores only time-slice, and each one's handshake drifts toward its deadline together with all the
 * others (on a busy 2-core machine, 20 at once took modern servers for 2025-era ones or timed them out); as
 * many as there are cores keeps the cores busy. At least 2, so one slow starter (a cold `npx` download, which
 * waits on the network) does not hold every other server back; at most 8, since past that the host's own
 * share of the machine suffers.
 */
export function defaultStartConcurrency(cores = os.availableParallelism()): number {
  return Math.min(8, Math.max(2, cores));
}

export interface StartSlot {
  /** How many starts were ahead of this one when it asked. */
  readonly waitedBehind: number;
  release(): void;
}

/**
 * A first-come, first-served limit on simultaneous starts. A server's probe and connect deadlines start when
 * its slot is granted, so waiting for its turn never counts against its own time.
 */
export class StartSlots {
  readonly limit: number;
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(limit = defaultStartConcurrency()) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`start concurrency must be a positive integer, not ${limit}`);
    this.limit = limit;
  }

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async acquire(): Promise<StartSlot> {
    const waitedBehind = this.running >= this.limit ? this.queue.length + 1 : 0;
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running += 1;
    let released = false;
    return {
      waitedBehind,
      release: () => {
        if (released) return;
        released = true;
        const next = this.queue.shift();
        // The slot passes straight to the next in line, so `running` never dips and lets a newcomer jump ahead.
        if (next) next();
        else this.running -= 1;
      },
    };
  }
}
