import os from 'node:os';

/**
 * How many stdio servers start at once: two per core, from 2 to 8. Starting one is mostly CPU (its runtime boots
 * and loads its modules), and with all of them at once every handshake drifts toward its deadline together (on
 * a busy 2-core machine, 20 at once took 2026 servers for 2025 ones or timed them out). One per core would leave
 * cores idle while a start waits on pipes or the disk, and beside other busy processes the scheduler shares
 * the CPU per process, so a couple per core keep a fair share. A start that costs a second of CPU then takes a
 * few seconds even beside a busy loop per core, well inside the probe's 10 s. At least 2, so one slow starter (a
 * cold `npx` download) does not hold the rest back; at most 8, so many cores do not mean a burst of spawns.
 */
export function defaultStartConcurrency(cores = os.availableParallelism()): number {
  return Math.min(8, Math.max(2, cores * 2));
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
