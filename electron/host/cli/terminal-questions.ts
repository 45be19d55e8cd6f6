import type { Writable } from 'node:stream';
import type { ConsentRequest, ConsentRequestOf } from '../../../shared/consent/consent-types.ts';
import { validateElicitationValues } from '../../../shared/consent/elicitation-form.ts';
import type { ElicitationValue, Field } from '../../../shared/consent/elicitation-form.ts';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import type { TerminalLines } from '../chat/approval/terminal-lines.ts';
import type { Host } from '../host.ts';
import { terminalSafe } from './terminal-text.ts';

/** The questions a server asks a person during a chat (client/elicitation, client/sampling). */
const SERVER_QUESTIONS = new Set<ConsentRequest['kind']>(['elicitation-form', 'elicitation-url', 'sampling']);
const SAMPLING_SHOWN_CHARACTERS = 4_000;

/** Server text on the terminal: hidden characters written out, control characters replaced. */
function shown(text: string): string {
  return terminalSafe(writeOutHidden(text));
}

type Answer = Record<string, unknown>;

/**
 * Answers, on the terminal, what servers ask while a `switchboard chat` runs: forms field by field (checked as the
 * app's form checks them), consent to open a URL, the review of a sampling request and of its reply. With `decline`
 * every such question is declined at once, so a chat run without a person never waits on one. A question that
 * closes on its own (the server cancelled, its deadline passed) stops being asked.
 */
export function answerServerQuestions(host: Host, lines: TerminalLines, output: Writable, mode: 'ask' | 'decline'): () => void {
  const open = new Map<string, AbortController>();
  const offOpened = host.on('consent.opened', (request) => {
    if (!SERVER_QUESTIONS.has(request.kind)) return;
    if (mode === 'decline') {
      output.write(`Declined what server "${shown(request.server ?? '?')}" asked (${request.kind}): --approve none\n`);
      void send(request.id, declined(request));
      return;
    }
    const stop = new AbortController();
    open.set(request.id, stop);
    void lines
      .turn(() => ask(request, lines, output, stop.signal))
      .then((answer) => (answer && !stop.signal.aborted ? send(request.id, answer) : undefined))
      .finally(() => open.delete(request.id));
  });
  const offClosed = host.on('consent.closed', (closed) => {
    const stop = open.get(closed.id);
    if (!stop || closed.outcome === 'answered') return;
    stop.abort();
    output.write(`\n(the question closed: ${closed.outcome}${closed.reason ? `, ${shown(closed.reason)}` : ''})\n`);
  });

  const send = async (id: string, answer: Answer): Promise<void> => {
    try {
      await host.call('consent.answer', { id, answer });
    } catch (error) {
      output.write(`(the answer was not taken: ${shown((error as Error).message)})\n`);
    }
  };

  return () => {
    offOpened();
    offClosed();
    for (const stop of open.values()) stop.abort();
  };
}

function declined(request: ConsentRequest): Answer {
  if (request.kind === 'sampling') return { action: 'decline', message: 'Sampling is turned off for this run (--approve none).' };
  return { action: 'decline' };
}

async function ask(request: ConsentRequest, lines: TerminalLines, output: Writable, signal: AbortSignal): Promise<Answer | undefined> {
  if (signal.aborted) return undefined;
  switch (request.kind) {
    case 'elicitation-form':
      return askForm(request, lines, output, signal);
    case 'elicitation-url':
      return askUrl(request, lines, output, signal);
    case 'sampling':
      return askSampling(request, lines, output, signal);
    default:
      return undefined;
  }
}

/** Reads one of `choices` (first letters); undefined at the end of input. */
async function choose(lines: TerminalLines, output: Writable, signal: AbortSignal, prompt: string, choices: readonly string[]): Promise<string | undefined> {
  output.write(prompt);
  for (;;) {
    const line = await lines.next(signal);
    if (line === undefined) return undefined;
    const answer = line.trim().toLowerCase();
    const match = choices.find((choice) => choice === answer || choice[0] === answer);
    if (match) return match;
    output.write(`Please answer ${choices.map((choice) => choice[0]).join(', ')}: `);
  }
}

async function askForm(
  request: ConsentRequestOf<'elicitation-form'>,
  lines: TerminalLines,
  output: Writable,
  signal: AbortSignal,
): Promise<Answer | undefined> {
  const { message, fields, sensitive } = request.payload;
  output.write(`\nServer "${shown(request.server ?? '?')}" asks: ${shown(message)}\n`);
  if (sensitive.length > 0) {
    output.write(`  Careful: this form seems to ask for ${sensitive.join(', ')}; servers must not ask for secrets in a form.\n`);
  }
  const start = await choose(lines, output, signal, 'Answer? [f] fill in  [d] decline  [c] cancel: ', ['fill', 'decline', 'cancel']);
  if (start === undefined) return signal.aborted ? undefined : { action: 'cancel' };
  if (start !== 'fill') return { action: start };
  const values: Record<string, ElicitationValue> = {};
  for (const field of fields) {
    const value = await askField(field, lines, output, signal);
    if (value === 'ended') return signal.aborted ? undefined : { action: 'cancel' };
    if (value !== undefined) values[field.name] = value;
  }
  const checked = validateElicitationValues(fields, values);
  if (!checked.ok) return { action: 'cancel' };
  const send = await choose(lines, output, signal, `Send ${shown(JSON.stringify(checked.values))}? [y] send  [c] cancel: `, ['yes', 'cancel']);
  if (send === undefined) return signal.aborted ? undefined : { action: 'cancel' };
  return send === 'yes' ? { action: 'accept', content: checked.values } : { action: 'cancel' };
}

/** One field, asked until what was typed passes the field's checks; an empty line takes the default or skips an optional field. */
async function askField(field: Field, lines: TerminalLines, output: Writable, signal: AbortSignal): Promise<ElicitationValue | undefined | 'ended'> {
  output.write(`  ${shown(field.label)}${field.required ? ' (required)' : ''}${field.description ? ` — ${shown(field.description)}` : ''}\n`);
  if (field.kind === 'select' || field.kind === 'multiselect') {
    field.options.forEach((option, index) => output.write(`    ${index + 1}. ${shown(option.label)}\n`));
  }
  const hint = fieldHint(field);
  for (;;) {
    output.write(`  ${hint}> `);
    const line = await lines.next(signal);
    if (line === undefined) return 'ended';
    const raw = fromLine(field, line);
    if (raw === undefined && field.default !== undefined) return field.default;
    const checked = validateElicitationValues([field], raw === undefined ? {} : { [field.name]: raw });
    if (checked.ok) return checked.values[field.name];
    output.write(`  ${Object.values(checked.errors).join('; ')}\n`);
  }
}

function fieldHint(field: Field): string {
  const fallback = field.default !== undefined ? `, Enter for ${JSON.stringify(field.default)}` : field.required ? '' : ', Enter to skip';
  switch (field.kind) {
    case 'boolean':
      return `[y/n${fallback}] `;
    case 'number': {
      const range = [field.minimum !== undefined ? `≥ ${field.minimum}` : '', field.maximum !== undefined ? `≤ ${field.maximum}` : ''].filter(Boolean).join(', ');
      return `[${field.integer ? 'whole number' : 'number'}${range ? ` ${range}` : ''}${fallback}] `;
    }
    case 'select':
      return `[a number from the list${fallback}] `;
    case 'multiselect':
      return `[numbers from the list, separated by commas${fallback}] `;
    case 'text':
      return fallback || field.format ? `[${[field.format, fallback.replace(/^, /, '')].filter(Boolean).join(', ')}] ` : '';
  }
}

/** What a typed line means for a field, in the shape the form checks take; undefined for an empty line. */
function fromLine(field: Field, line: string): unknown {
  const text = field.kind === 'text' ? line : line.trim();
  if (text === '') return undefined;
  switch (field.kind) {
    case 'boolean': {
      const answer = text.toLowerCase();
      if (answer === 'y' || answer === 'yes' || answer === 'true') return true;
      if (answer === 'n' || answer === 'no' || answer === 'false') return false;
      return text;
    }
    case 'select':
      return optionAt(field.options, text);
    case 'multiselect':
      return text.split(',').map((part) => optionAt(field.options, part.trim()));
    default:
      return text;
  }
}

/** A number from the list, or the option's own value typed out. */
function optionAt(options: readonly { value: string }[], text: string): string {
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  return options[index]?.value ?? text;
}

async function askUrl(request: ConsentRequestOf<'elicitation-url'>, lines: TerminalLines, output: Writable, signal: AbortSignal): Promise<Answer | undefined> {
  const { message, analysis, stage } = request.payload;
  output.write(`\nServer "${shown(request.server ?? '?')}" asks: ${shown(message)}\n  Address: ${shown(analysis.url)}\n`);
  for (const warning of analysis.warnings) output.write(`  Warning: ${shown(warning.message)}\n`);
  if (!analysis.ok) {
    output.write(`  This address is not opened: ${shown(analysis.blockedReason ?? 'it is not safe')}\n`);
    return { action: 'decline' };
  }
  if (stage === 'waiting') {
    const done = await choose(lines, output, signal, 'Finished there? [y] yes, retry the call  [c] give up: ', ['yes', 'cancel']);
    if (done === undefined) return signal.aborted ? undefined : { action: 'cancel' };
    return done === 'yes' ? { action: 'accept' } : { action: 'cancel' };
  }
  const consent = await choose(lines, output, signal, 'Open it? [y] yes  [d] decline  [c] cancel: ', ['yes', 'decline', 'cancel']);
  if (consent === undefined) return signal.aborted ? undefined : { action: 'cancel' };
  if (consent !== 'yes') return { action: consent };
  // A terminal cannot open a browser for the person; the address is theirs to open.
  output.write(`Open this address in your browser: ${shown(analysis.url)}\n`);
  return { action: 'accept' };
}

async function askSampling(request: ConsentRequestOf<'sampling'>, lines: TerminalLines, output: Writable, signal: AbortSignal): Promise<Answer | undefined> {
  const payload = request.payload;
  const server = shown(request.server ?? '?');
  if (payload.stage === 'request') {
    const { systemPrompt, messages, maxTokens } = payload.request;
    output.write(`\nServer "${server}" asks for a model completion${payload.model ? ` (by ${shown(payload.model.model)}, ${shown(payload.model.reason)})` : ''}, at most ${maxTokens} tokens.\n`);
    if (systemPrompt) output.write(`  system: ${clip(systemPrompt)}\n`);
    for (const message of messages) output.write(`  ${message.role}: ${clip(contentText(message.content))}\n`);
  } else {
    output.write(`\nThe model answered server "${server}":\n  ${clip(contentText(payload.response.content))}\n`);
  }
  const question = payload.stage === 'request' ? 'Send it to the model? [y] yes  [n] decline: ' : 'Return this answer to the server? [y] yes  [n] decline: ';
  const answer = await choose(lines, output, signal, question, ['yes', 'no']);
  if (answer === undefined) return signal.aborted ? undefined : { action: 'decline', message: 'No answer at the terminal.' };
  return answer === 'yes' ? { action: 'approve' } : { action: 'decline' };
}

function contentText(content: unknown): string {
  const parts = Array.isArray(content) ? content : [content];
  return parts
    .map((part) => {
      const block = part as { type?: unknown; text?: unknown };
      return block.type === 'text' && typeof block.text === 'string' ? block.text : `[${String(block.type ?? 'content')}]`;
    })
    .join(' ');
}

function clip(text: string): string {
  const cut = text.length > SAMPLING_SHOWN_CHARACTERS ? `${text.slice(0, SAMPLING_SHOWN_CHARACTERS)}… (${text.length - SAMPLING_SHOWN_CHARACTERS} more characters)` : text;
  return shown(cut).replace(/\n/g, '\n    ');
}
