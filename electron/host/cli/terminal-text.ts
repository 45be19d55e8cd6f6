// C0 and C1 control characters other than tab and newline: escape sequences could rewrite the terminal.
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text from servers is untrusted: make it safe to print on a terminal. */
export function terminalSafe(text: string): string {
  return text.replace(controlCharacters, (character) => (character === '\r' ? '' : '\uFFFD'));
}

/** For one table cell: one line, safe to print. */
export function oneLine(text: string): string {
  return terminalSafe(text).replace(/\s*\n\s*/g, ' ').replace(/\t/g, ' ').trim();
}
