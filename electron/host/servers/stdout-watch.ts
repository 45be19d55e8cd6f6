/**
 * The largest message a stdio server may send, in bytes: the SDK's own read buffer limit, passed to it
 * explicitly so the host and the SDK agree on it. Past it the SDK drops the buffer and closes the transport.
 */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;

/** How much of a line that is not JSON-RPC is kept for the log. */
const SHOWN_CHARS = 500;
const NEWLINE = 0x0a;

export interface Oversize {
  /** Bytes of the message: all of it when it ended, else as many as arrived. */
  bytes: number;
  complete: boolean;
  limit: number;
}

/**
 * Reads a stdio server's stdout beside the SDK: reports each line that is not JSON once, cut short, and notices
 * a message over the size limit. A line's bytes are kept only while it may still be JSON and is within the
 * limit, so a server printing without end costs a bounded amount of memory.
 */
export class StdoutWatch {
  private readonly limit: number;
  private readonly report: (line: string) => void;
  /** Bytes of the line in progress that the SDK holds too; it closes once these plus a new chunk exceed the limit. */
  private pendingBytes = 0;
  private lineBytes = 0;
  private kept: Buffer[] = [];
  private keptBytes = 0;
  /** `blank` until the line's first non-blank byte; `skip` for a would-be message over the limit. */
  private mode: 'blank' | 'json' | 'text' | 'skip' = 'blank';
  private over: Oversize | undefined;

  constructor(report: (line: string) => void, limit = MAX_STDIO_MESSAGE_BYTES) {
    this.report = report;
    this.limit = limit;
  }

  /** The message that broke the limit, if one did. */
  get oversize(): Oversize | undefined {
    return this.over && { ...this.over };
  }

  push(chunk: Buffer): void {
    // The same test the SDK's read buffer makes before it appends, so both decide on the same chunk.
    if (this.over === undefined && this.pendingBytes + chunk.length > this.limit) {
      this.over = { bytes: this.lineBytes, complete: false, limit: this.limit };
    }
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.take(chunk.subarray(start, end));
      if (newline === -1) break;
      this.endLine();
      start = newline + 1;
    }
    this.pendingBytes = this.lineBytes;
  }

  private take(whole: Buffer): void {
    if (whole.length === 0) return;
    this.lineBytes += whole.length;
    let part = whole;
    if (this.mode === 'blank') {
      // Leading blanks are neither kept nor shown, so a line of nothing but spaces costs nothing.
      const first = whole.findIndex((byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0d);
      if (first === -1) return;
      part = whole.subarray(first);
      this.mode = part[0] === 0x7b || part[0] === 0x5b ? 'json' : 'text'; // { or [
    }
    if (this.mode === 'json' && this.lineBytes > this.limit) {
      // The message over the limit, not noise: stop holding it.
      this.mode = 'skip';
      this.kept = [];
      this.keptBytes = 0;
      this.over ??= { bytes: this.lineBytes, complete: false, limit: this.limit };
    }
    if (this.mode === 'skip') return;
    // Text is kept only as far as the log shows it (a character is at most 4 bytes of UTF-8).
    const room = this.mode === 'text' ? SHOWN_CHARS * 4 - this.keptBytes : part.length;
    if (room <= 0) return;
    const kept = part.length <= room ? part : part.subarray(0, room);
    this.kept.push(Buffer.from(kept));
    this.keptBytes += kept.length;
  }

  private endLine(): void {
    const { lineBytes: bytes, mode } = this;
    const raw = Buffer.concat(this.kept).toString('utf8');
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    this.kept = [];
    this.keptBytes = 0;
    this.lineBytes = 0;
    this.mode = 'blank';
    if (this.over && !this.over.complete) {
      this.over = { ...this.over, bytes: Math.max(this.over.bytes, bytes), complete: true };
      return;
    }
    if (mode === 'blank' || mode === 'skip') return;
    if (mode === 'json' && parses(text)) return;
    const shown = text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) : text;
    const rest = bytes - (raw.length - text.length) - Buffer.byteLength(shown);
    this.report(rest > 0 ? `${shown}… (${formatBytes(rest)} more)` : shown);
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** 1536 → "1.5 KB"; 11534336 → "11.0 MB" (binary units, as the limit is). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function describeOversize(over: Oversize): string {
  const size = over.complete ? formatBytes(over.bytes) : `more than ${formatBytes(over.bytes)}`;
  return `sent a message too big to accept (${size}; the limit is ${formatBytes(over.limit)})`;
}
