const MAX_LINE = 8_192;

/**
 * Feeds text in chunks, calls `onLine` once per complete line. A line longer than the cap is cut, once, with
 * the count of what was left out: the rest is not held, so one line cannot grow without end, and it is not
 * emitted as more lines, so one long line is one log entry.
 */
export class LineSplitter {
  private pending = '';
  private dropped = 0;
  private readonly onLine: (line: string) => void;
  private readonly maxLine: number;

  constructor(onLine: (line: string) => void, maxLine = MAX_LINE) {
    this.onLine = onLine;
    this.maxLine = maxLine;
  }

  push(chunk: string): void {
    let start = 0;
    let index: number;
    while ((index = chunk.indexOf('\n', start)) !== -1) {
      this.take(chunk.slice(start, index));
      this.emit();
      start = index + 1;
    }
    this.take(chunk.slice(start));
  }

  end(): void {
    if (this.pending !== '' || this.dropped > 0) this.emit();
  }

  private take(part: string): void {
    const room = this.maxLine - this.pending.length;
    if (part.length <= room) {
      this.pending += part;
      return;
    }
    this.pending += part.slice(0, Math.max(0, room));
    this.dropped += part.length - Math.max(0, room);
  }

  private emit(): void {
    let line = this.pending;
    if (this.dropped === 0 && line.endsWith('\r')) line = line.slice(0, -1);
    this.onLine(this.dropped > 0 ? `${line}… (${this.dropped} more characters)` : line);
    this.pending = '';
    this.dropped = 0;
  }
}
