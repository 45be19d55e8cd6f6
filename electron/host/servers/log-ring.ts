import type { LogEntry, LogLevel, LogSource } from '../../../shared/servers/server-state.ts';

export const DEFAULT_LOG_CAPACITY = 2_000;

/** One server's recent log: a fixed-size ring, so a chatty server cannot grow the host's memory. */
export class LogRing {
  private readonly server: string;
  private readonly capacity: number;
  private readonly entries: LogEntry[] = [];
  private start = 0;
  private nextSeq = 1;

  constructor(server: string, capacity = DEFAULT_LOG_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('log capacity must be a positive integer');
    this.server = server;
    this.capacity = capacity;
  }

  push(source: LogSource, level: LogLevel, text: string, time = Date.now()): LogEntry {
    const entry: LogEntry = { server: this.server, seq: this.nextSeq++, time, source, level, text };
    if (this.entries.length < this.capacity) {
      this.entries.push(entry);
    } else {
      this.entries[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
    return entry;
  }

  /** Oldest first. */
  list(): LogEntry[] {
    return [...this.entries.slice(this.start), ...this.entries.slice(0, this.start)];
  }

  get size(): number {
    return this.entries.length;
  }
}
