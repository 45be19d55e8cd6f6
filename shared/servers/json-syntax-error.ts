/**
 * Where a JSON text stops being valid, as line and column, with what was expected there. Never quotes the
 * text: `mcp.json` can hold tokens, and `JSON.parse`'s own message includes a piece of the file.
 */
export interface JsonSyntaxError {
  line: number;
  column: number;
  expected: string;
}

class Stop {
  readonly offset: number;
  readonly expected: string;
  constructor(offset: number, expected: string) {
    this.offset = offset;
    this.expected = expected;
  }
}

export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let at = 0;
  const fail = (expected: string): never => {
    throw new Stop(at, expected);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[at] !== char) fail(`a JSON value (${word}?)`);
      at++;
    }
  };
  const string = () => {
    at++;
    for (;;) {
      if (at >= text.length) fail('the closing " of a string');
      const char = text[at];
      if (char === '"') {
        at++;
        return;
      }
      if (char < ' ') fail('no line break or control character inside a string');
      if (char === '\\') {
        at++;
        if (text[at] === 'u') {
          at++;
          for (let index = 0; index < 4; index++, at++) if (!/[0-9a-fA-F]/.test(text[at] ?? '')) fail('four hex digits after \\u');
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[at] ?? 'x')) fail('a valid escape after \\');
      }
      at++;
    }
  };
  const number = () => {
    if (text[at] === '-') at++;
    if (text[at] === '0') at++;
    else if (/[1-9]/.test(text[at] ?? '')) while (/[0-9]/.test(text[at] ?? '')) at++;
    else fail('a digit');
    if (text[at] === '.') {
      at++;
      if (!/[0-9]/.test(text[at] ?? '')) fail('a digit after the decimal point');
      while (/[0-9]/.test(text[at] ?? '')) at++;
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at++;
      if (text[at] === '+' || text[at] === '-') at++;
      if (!/[0-9]/.test(text[at] ?? '')) fail('a digit in the exponent');
      while (/[0-9]/.test(text[at] ?? '')) at++;
    }
  };
  const value = (depth: number): void => {
    space();
    if (depth > 512) fail('less deeply nested values');
    const char = text[at];
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail(text[at] === '}' ? "another key after ',' (a trailing comma is not allowed in JSON)" : 'a key in double quotes');
        string();
        space();
        if (text[at] !== ':') fail("':' after the key");
        at++;
        value(depth + 1);
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') {
          at++;
          return;
        }
        fail("',' or '}'");
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') {
        at++;
        return;
      }
      for (;;) {
        value(depth + 1);
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') {
          at++;
          return;
        }
        fail("',' or ']'");
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || /[0-9]/.test(char ?? '')) return number();
    fail(at >= text.length ? 'a value before the end of the file' : 'a JSON value');
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) at = 1;
    value(0);
    space();
    if (at < text.length) fail('the end of the file after the top-level value');
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ...lineAndColumn(text, error.offset), expected: error.expected };
  }
}

/** 1-based, columns counted in characters as an editor shows them. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: [...lines.at(-1)!].length + 1 };
}

export function describeJsonSyntaxError(text: string): string {
  const found = findJsonSyntaxError(text);
  if (!found) return 'its JSON could not be read';
  return `line ${found.line}, column ${found.column}: expected ${found.expected}`;
}
