/**
 * The arguments a model has streamed so far, as an object: the JSON text cut anywhere is read as if its open
 * strings, arrays and objects were closed (MCP Apps 2026-01-26 → `ui/notifications/tool-input-partial`: "best-effort
 * recovery of incomplete JSON"). A key whose value has not begun, and a `tru` or `-` not yet a value, are left
 * out. `undefined` when the text is not the start of a JSON object, or is not JSON at all.
 */
export function parsePartialJson(text: string): Record<string, unknown> | undefined {
  const reader = new PartialReader(text);
  try {
    const read = reader.value();
    const value = read?.value;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A value read: `done` is false when the text ended inside it (a string may still grow, a number too). */
interface Read {
  value: unknown;
  done: boolean;
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };

class PartialReader {
  private pos = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  private get atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  private skipSpace(): void {
    while (!this.atEnd && ' \t\n\r'.includes(this.text[this.pos])) this.pos++;
  }

  /** `undefined`: the text ended before a value began, or inside a literal or number too short to be one. */
  value(): Read | undefined {
    this.skipSpace();
    if (this.atEnd) return undefined;
    const char = this.text[this.pos];
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.string();
    if (char === '-' || (char >= '0' && char <= '9')) return this.number();
    return this.literal();
  }

  private object(): Read {
    const result: Record<string, unknown> = {};
    this.pos++;
    for (;;) {
      this.skipSpace();
      if (this.atEnd) return { value: result, done: false };
      if (this.text[this.pos] === '}') {
        this.pos++;
        return { value: result, done: true };
      }
      if (this.text[this.pos] !== '"') throw new SyntaxError('expected a key');
      const key = this.string();
      if (!key.done) return { value: result, done: false };
      this.skipSpace();
      if (this.atEnd) return { value: result, done: false };
      if (this.text[this.pos++] !== ':') throw new SyntaxError('expected ":"');
      const read = this.value();
      if (!read) return { value: result, done: false };
      result[key.value as string] = read.value;
      if (!read.done) return { value: result, done: false };
      const after = this.endOfMember('}');
      if (after !== 'more') return { value: result, done: after === 'closed' };
    }
  }

  private array(): Read {
    const result: unknown[] = [];
    this.pos++;
    for (;;) {
      this.skipSpace();
      if (this.atEnd) return { value: result, done: false };
      if (this.text[this.pos] === ']') {
        this.pos++;
        return { value: result, done: true };
      }
      const read = this.value();
      if (!read) return { value: result, done: false };
      result.push(read.value);
      if (!read.done) return { value: result, done: false };
      const after = this.endOfMember(']');
      if (after !== 'more') return { value: result, done: after === 'closed' };
    }
  }

  /** After a member: `,` goes on, the closing character closes, or the text ends. */
  private endOfMember(close: string): 'more' | 'closed' | 'end' {
    this.skipSpace();
    if (this.atEnd) return 'end';
    const char = this.text[this.pos++];
    if (char === ',') return 'more';
    if (char === close) return 'closed';
    throw new SyntaxError(`expected "," or "${close}"`);
  }

  private string(): Read {
    let out = '';
    this.pos++;
    while (!this.atEnd) {
      const char = this.text[this.pos];
      if (char === '"') {
        this.pos++;
        return { value: out, done: true };
      }
      if (char !== '\\') {
        out += char;
        this.pos++;
        continue;
      }
      // An escape cut off by the text's end is left out until the rest of it arrives.
      const code = this.text[this.pos + 1];
      if (code === undefined) break;
      if (code === 'u') {
        const hex = this.text.slice(this.pos + 2, this.pos + 6);
        if (hex.length < 4) break;
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new SyntaxError('bad \\u escape');
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.pos += 6;
        continue;
      }
      const escaped = ESCAPES[code];
      if (escaped === undefined) throw new SyntaxError('bad escape');
      out += escaped;
      this.pos += 2;
    }
    this.pos = this.text.length;
    return { value: out, done: false };
  }

  private number(): Read | undefined {
    const match = /^-?\d*(?:\.\d*)?(?:[eE][+-]?\d*)?/.exec(this.text.slice(this.pos))![0];
    this.pos += match.length;
    const done = !this.atEnd;
    // A number cut at "-", "1." or "1e" reads as what it has so far.
    const usable = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(match)?.[0];
    if (usable === undefined) {
      if (done) throw new SyntaxError('bad number');
      return undefined;
    }
    if (done && usable !== match) throw new SyntaxError('bad number');
    return { value: Number(usable), done };
  }

  private literal(): Read | undefined {
    const rest = this.text.slice(this.pos);
    for (const [word, value] of Object.entries(LITERALS)) {
      if (rest.startsWith(word)) {
        this.pos += word.length;
        return { value, done: true };
      }
      if (word.startsWith(rest)) {
        this.pos = this.text.length;
        return undefined;
      }
    }
    throw new SyntaxError('unexpected character');
  }
}
