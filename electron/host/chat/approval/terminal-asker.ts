import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ApprovalAnswer, ApprovalAsker, ApprovalUnanswered, ToolApprovalQuestion } from './tool-approver.ts';

// C0/C1 control characters other than newline: a server's text must not drive the terminal.
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

function safe(text: string): string {
  return text.replace(CONTROL, '\uFFFD');
}

function annotationHints(question: ToolApprovalQuestion): string | undefined {
  const hints = question.tool.annotations;
  if (!hints) return undefined;
  const words = [
    hints.readOnlyHint === true ? 'read-only' : undefined,
    hints.destructiveHint === true ? 'destructive' : undefined,
    hints.idempotentHint === true ? 'idempotent' : undefined,
    hints.openWorldHint === true ? 'reaches outside' : undefined,
  ].filter(Boolean);
  return words.length > 0 ? `the server says: ${words.join(', ')} (a hint, not a guarantee)` : undefined;
}

/**
 * Asks on a terminal, one question at a time: server, tool, arguments, then y (once), a (always) or n (deny).
 * End of input denies.
 */
export function terminalAsker(input: Readable, output: Writable): ApprovalAsker & { close(): void } {
  const lines = readline.createInterface({ input, terminal: false });
  const waiting: ((line: string | undefined) => void)[] = [];
  const buffered: string[] = [];
  let ended = false;
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else buffered.push(line);
  });
  lines.on('close', () => {
    ended = true;
    for (const next of waiting.splice(0)) next(undefined);
  });
  const nextLine = (signal: AbortSignal): Promise<string | undefined> => {
    if (buffered.length > 0) return Promise.resolve(buffered.shift());
    if (ended) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const take = (line: string | undefined) => {
        signal.removeEventListener('abort', onAbort);
        resolve(line);
      };
      const onAbort = () => {
        waiting.splice(waiting.indexOf(take), 1);
        resolve(undefined);
      };
      waiting.push(take);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  };
  let queue: Promise<unknown> = Promise.resolve();

  const askOne = async (question: ToolApprovalQuestion, signal: AbortSignal): Promise<ApprovalAnswer | ApprovalUnanswered> => {
    if (signal.aborted) return { outcome: 'cancelled' };
    const hints = annotationHints(question);
    output.write(
      [
        '',
        `Tool call: ${safe(question.server)} › ${safe(question.tool.name)}`,
        ...(question.tool.description ? [`  ${safe(question.tool.description.split('\n')[0].slice(0, 200))}`] : []),
        ...(hints ? [`  (${hints})`] : []),
        `  arguments: ${safe(JSON.stringify(question.arguments))}`,
        'Allow? [y] once  [a] always for this tool  [n] deny: ',
      ].join('\n'),
    );
    for (;;) {
      const line = await nextLine(signal);
      if (signal.aborted) return { outcome: 'cancelled' };
      if (line === undefined) {
        output.write('\n(no answer: denied)\n');
        return { decision: 'deny', reason: 'No answer at the terminal.' };
      }
      const answer = line.trim().toLowerCase();
      if (answer === 'y' || answer === 'yes') return { decision: 'allow-once' };
      if (answer === 'a' || answer === 'always') return { decision: 'allow-always' };
      if (answer === 'n' || answer === 'no') return { decision: 'deny' };
      output.write('Please answer y, a or n: ');
    }
  };

  return {
    ask(question, signal) {
      const turn = queue.then(() => askOne(question, signal));
      queue = turn.catch(() => undefined);
      return turn;
    },
    close: () => lines.close(),
  };
}
