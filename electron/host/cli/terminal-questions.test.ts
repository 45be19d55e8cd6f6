import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { TerminalLines } from '../chat/approval/terminal-lines.ts';
import { echoed, startHumanHost } from '../human/test-support/human-host.ts';
import type { HumanHost } from '../human/test-support/human-host.ts';
import { answerServerQuestions } from './terminal-questions.ts';

/** A terminal: lines typed into `input`, everything printed collected in `text()`. */
function fakeTerminal() {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  return { input, output, lines: new TerminalLines(input), text: () => printed, type: (line: string) => input.write(`${line}\n`) };
}

async function printedSoon(terminal: ReturnType<typeof fakeTerminal>, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!pattern.test(terminal.text())) {
    if (Date.now() > deadline) throw new Error(`never printed ${pattern}; printed:\n${terminal.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const era of ['legacy', 'modern'] as const) {
  describe(`a server's questions on the terminal, ${era} era`, () => {
    let h: HumanHost;
    // The 2025 fixture asks with an `elicitation/create` request in URL mode (its default is the -32042 error).
    const urlVia = era === 'legacy' ? { via: 'request' } : {};

    before(async () => {
      h = await startHumanHost({ fx: fixtureStdio(era) });
      const state = await h.serverState('fx', (candidate) => candidate.status !== 'connecting');
      assert.equal(state.status, 'connected', state.reason);
    });

    after(() => h?.close());

    test('a form is asked field by field; what fails a field\'s check is asked again; the answer goes back', async (t) => {
      const terminal = fakeTerminal();
      const stop = answerServerQuestions(h.host, terminal.lines, terminal.output, 'ask');
      t.after(() => {
        stop();
        terminal.lines.close();
      });
      const call = h.host.servers.callTool('fx', 'elicit_form', {});
      await printedSoon(terminal, /Answer\? \[f\] fill in/);
      assert.match(terminal.text(), /Server "fx" asks: Tell the fixture about yourself/);
      terminal.type('f');
      await printedSoon(terminal, /Name \(required\)\n {2}> $/);
      terminal.type('');
      await printedSoon(terminal, /Name \(required\)\n {2}> .+\n {2}> $/s);
      terminal.type('Ada');
      await printedSoon(terminal, /Age\n {2}\[whole number ≥ 0, ≤ 150, Enter to skip\] > $/);
      terminal.type('200');
      await printedSoon(terminal, /At most 150\n/);
      terminal.type('36');
      await printedSoon(terminal, /Subscribe\n {2}\[y\/n, Enter for false\] > $/);
      terminal.type('y');
      await printedSoon(terminal, /Send \{"name":"Ada","age":36,"subscribe":true\}\? \[y\] send {2}\[c\] cancel: $/);
      terminal.type('y');
      const outcome = await call;
      assert.deepEqual(echoed(outcome.result), { kind: 'elicit', action: 'accept', content: { name: 'Ada', age: 36, subscribe: true } });
    });

    test('the end of input cancels a form at once instead of leaving the call waiting', async (t) => {
      const terminal = fakeTerminal();
      const stop = answerServerQuestions(h.host, terminal.lines, terminal.output, 'ask');
      t.after(() => {
        stop();
        terminal.lines.close();
      });
      terminal.input.end();
      const outcome = await h.host.servers.callTool('fx', 'elicit_form', {});
      assert.equal(echoed(outcome.result).action, 'cancel');
    });

    test('declining mode (--approve none) declines forms, URLs and sampling at once without reading the terminal', async (t) => {
      const terminal = fakeTerminal();
      const stop = answerServerQuestions(h.host, terminal.lines, terminal.output, 'decline');
      t.after(() => {
        stop();
        terminal.lines.close();
      });
      const form = await h.host.servers.callTool('fx', 'elicit_form', {});
      assert.equal(echoed(form.result).action, 'decline');
      const url = await h.host.servers.callTool('fx', 'elicit_url', { url: 'https://example.com/declined', ...urlVia });
      assert.equal(echoed(url.result).action, 'decline');
      // 2025: the tool reports the refusal it got; 2026-07-28: the refused round ends the call with it.
      const sample = await h.host.servers.callTool('fx', 'sample', { prompt: 'Say hello' }).then(
        (outcome) => JSON.stringify(outcome.result),
        (error: Error) => error.message,
      );
      assert.match(sample, /User rejected sampling request: Sampling is turned off for this run \(--approve none\)/);
      assert.match(terminal.text(), /Declined what server "fx" asked \(elicitation-form\): --approve none/);
    });

    test('URL consent shows the address and, accepted, asks the person to open it', async (t) => {
      const terminal = fakeTerminal();
      const stop = answerServerQuestions(h.host, terminal.lines, terminal.output, 'ask');
      t.after(() => {
        stop();
        terminal.lines.close();
      });
      const call = h.host.servers.callTool('fx', 'elicit_url', { url: 'https://example.com/consent', ...urlVia });
      await printedSoon(terminal, /Open it\? \[y\] yes {2}\[d\] decline {2}\[c\] cancel: $/);
      assert.match(terminal.text(), /Address: https:\/\/example\.com\/consent\n/);
      terminal.type('y');
      const outcome = await call;
      assert.equal(echoed(outcome.result).action, 'accept');
      assert.match(terminal.text(), /Open this address in your browser: https:\/\/example\.com\/consent\n/);
    });
  });
}
