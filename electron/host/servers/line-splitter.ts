const MAX_LINE = 8_192;

/** Feeds text in chunks, calls `onLine` per complete line; overlong lines are cut so one line cannot grow without end. */
export class LineSplitter {
  private pending = '';
  private readonly onLine: (line: string) => void;

  constructor(onLine: (line: string) => void) {
    this.onLine = onLine;
  }

  push(chunk: string): void {
    this.pending += chunk;
    let index: number;
    while ((index = this.pending.indexOf('\n')) !== -1) {
      this.emit(this.pending.slice(0, index));
      this.pending = this.pending.slice(index + 1);
    }
    while (this.pending.length > MAX_LINE) {
      this.emit(this.pending.slice(0, MAX_LINE));
      this.pending = this.pending.slice(MAX_LINE);
    }
  }

  end(): void {
    if (this.pending !== '') this.emit(this.pending);
    this.pending = '';
  }

  private emit(line: string): void {
    this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  }
}
