import type { Writable } from 'node:stream';
import type { TerminalLines } from './terminal-lines.ts';
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
 * Asks on a terminal, in turn with the other questions there: server, tool, arguments, then y (once), a (always)
 * or n (deny). End of input denies.
 */
export function terminalAsker(lines: TerminalLines, output: Writable): ApprovalAsker {
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
      const line = await lines.next(signal);
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
    ask: (question, signal) => lines.turn(() => askOne(question, signal)),
  };
}
