import type { ChatMessage, ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import type { ProviderId } from '../../../shared/chat/chat-types.ts';
import { terminalAsker } from '../chat/approval/terminal-asker.ts';
import { TerminalLines } from '../chat/approval/terminal-lines.ts';
import { resolveAttachments } from './attach-option.ts';
import { CliError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { withHost } from './host-session.ts';
import { exitCodeFor } from './shutdown-signals.ts';
import { commonOptions, commonOptionsHelp, parseCommandLine, parseIntegerOption, resolveLocations, trustNote } from './parse-options.ts';
import { DEFAULT_SETTLE_TIMEOUT_MS } from './servers-command.ts';
import { answerServerQuestions } from './terminal-questions.ts';
import { oneLine, terminalSafe } from './terminal-text.ts';

export const chatUsage = `Usage: switchboard chat [--config FILE] [--data-dir DIR] [--provider anthropic|openai] [--model ID] [--approve ask|all|none] [--attach [SERVER:]URI]... PROMPT

Connects the configured servers, sends PROMPT to the model with their tools, streams the answer to stdout and
saves the conversation. Tool calls and notes go to stderr. Exits 0 when the turn completes, 1 when the provider
fails (the message says why).

${trustNote}

Options:
${commonOptionsHelp}
  --provider NAME   anthropic or openai (default: the one chosen in Settings)
  --model ID        the model (default: the one chosen in Settings)
  --approve MODE    ask: ask on the terminal before each tool call (default)
                    all: run every tool call; none: deny every tool call (the model is told)
                    What a server asks (a form, a URL to open, a model completion to review) is asked on
                    the terminal, field by field; with none it is declined at once.
  --timeout MS      how long to wait for the servers to connect (default: ${DEFAULT_SETTLE_TIMEOUT_MS})
  --attach URI      read this resource and give it to the model with the prompt (repeatable);
                    SERVER:URI when more than one server could hold it

Keys come from Settings, or from ANTHROPIC_API_KEY / OPENAI_API_KEY (and *_BASE_URL).
`;

const STATUS_MARKS: Partial<Record<ToolCallBlock['status'], string>> = {
  done: 'done',
  error: 'failed',
  'timed-out': 'timed out',
  denied: 'denied',
  cancelled: 'cancelled',
};

export async function runChat(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    {
      args,
      options: {
        ...commonOptions,
        provider: { type: 'string' },
        model: { type: 'string' },
        approve: { type: 'string' },
        timeout: { type: 'string' },
        attach: { type: 'string', multiple: true },
      },
      allowPositionals: true,
    },
    chatUsage,
  );
  if (values.help) {
    io.stdout(chatUsage);
    return 0;
  }
  const prompt = positionals.join(' ').trim();
  if (!prompt) throw CliError.usage('no prompt given', chatUsage);
  const provider = values.provider;
  if (provider !== undefined && provider !== 'anthropic' && provider !== 'openai') {
    throw CliError.usage(`--provider must be anthropic or openai, got "${provider}"`, chatUsage);
  }
  const approve = values.approve ?? 'ask';
  if (approve !== 'ask' && approve !== 'all' && approve !== 'none') {
    throw CliError.usage(`--approve must be ask, all or none, got "${approve}"`, chatUsage);
  }
  const timeoutMs = parseIntegerOption('timeout', values.timeout, { min: 1, max: 3_600_000 }, chatUsage) ?? DEFAULT_SETTLE_TIMEOUT_MS;
  const locations = resolveLocations(values, io);

  const session = { autoStart: true, workHandlesSignals: true, trustConfig: locations.explicitConfig, oneShot: { stderr: io.stderr } };
  return withHost(locations, session, async (host, stopRequested) => {
    for (const server of await host.servers.settled(timeoutMs)) {
      if (server.status !== 'connected' && server.status !== 'disabled') {
        io.stderr(`note: server "${oneLine(server.name)}" is ${server.status}${server.reason ? `: ${oneLine(server.reason)}` : ''}\n`);
      }
    }
    const chat = host.chat.service;
    const lines = new TerminalLines(process.stdin);
    if (approve === 'ask') chat.approver.asker = terminalAsker(lines, process.stderr);
    const stopAnswering = answerServerQuestions(host, lines, process.stderr, approve === 'none' ? 'decline' : 'ask');
    if (approve === 'all') chat.approver.policy = () => ({ allow: true });
    if (approve === 'none') {
      chat.approver.policy = () => ({ allow: false, reason: 'Tool calls are turned off for this run (--approve none).' });
    }

    const attachments = resolveAttachments(host, values.attach ?? [], chatUsage);
    const context =
      attachments.length > 0 ? await host.context.prepare({ attachments }, prompt, host.chat.settings.get().contextCharLimit) : undefined;
    for (const block of context?.attached ?? []) {
      if (block.source.kind !== 'resource') continue;
      const cut = block.capped ? `, cut to ${block.capped.keptChars} of ${block.capped.originalChars} characters` : '';
      io.stderr(`attached ${oneLine(block.source.uri)} from ${oneLine(block.source.server)} (${block.size} characters${cut})\n`);
    }
    const conversation = chat.create();
    const printer = answerPrinter(conversation.id, io);
    const unsubscribe = [
      host.on('chat.message', ({ message }) => printer.message(message)),
      host.on('chat.delta', ({ conversationId, blockIndex, text }) => printer.delta(conversationId, blockIndex, text)),
    ];
    try {
      const { done } = chat.send({
        conversationId: conversation.id,
        text: prompt,
        provider: provider as ProviderId | undefined,
        model: values.model,
        ...(context ? { context } : {}),
      });
      const signal = stopRequested.then(async (name) => {
        await chat.stop(conversation.id);
        return exitCodeFor(name);
      });
      const outcome = await Promise.race([done, signal]);
      printer.end();
      if (typeof outcome === 'number') return outcome;
      io.stderr(`saved as conversation ${conversation.id}\n`);
      if (outcome.status === 'error') {
        io.stderr(`switchboard: ${oneLine(outcome.error?.message ?? 'the model provider failed')}\n`);
        return 1;
      }
      return 0;
    } finally {
      for (const off of unsubscribe) off();
      stopAnswering();
      lines.close();
    }
  });
}

/** Streams text blocks to stdout as they grow, tool calls and notices to stderr as they settle. */
function answerPrinter(conversationId: string, io: CliIo) {
  const printed = new Map<number, number>();
  const reported = new Map<string, string>();
  let answerId: string | undefined;
  let wroteText = false;
  let endsWithNewline = true;
  const write = (text: string) => {
    if (!text) return;
    io.stdout(terminalSafe(text));
    wroteText = true;
    endsWithNewline = text.endsWith('\n');
  };
  const note = (text: string) => {
    if (!endsWithNewline) {
      io.stdout('\n');
      endsWithNewline = true;
    }
    io.stderr(text);
  };
  return {
    message(message: ChatMessage) {
      if (message.conversationId !== conversationId || message.role !== 'assistant') return;
      answerId ??= message.id;
      if (message.id !== answerId) return;
      message.blocks.forEach((block, index) => {
        if (block.type === 'text') {
          const already = printed.get(index) ?? 0;
          write(block.text.slice(already));
          printed.set(index, block.text.length);
        } else if (block.type === 'notice' && !reported.has(`notice:${index}`)) {
          reported.set(`notice:${index}`, 'shown');
          note(`[${block.level}] ${oneLine(block.text)}\n`);
        } else if (block.type === 'tool_call') {
          const seen = reported.get(block.id);
          if (seen === block.status) return;
          reported.set(block.id, block.status);
          const name = `${oneLine(block.server || '?')} › ${oneLine(block.tool)}`;
          if (block.status === 'running') note(`→ ${name} ${oneLine(JSON.stringify(block.arguments))}\n`);
          const mark = STATUS_MARKS[block.status];
          if (mark) {
            const why = block.denialReason ?? block.error;
            note(`← ${name}: ${mark}${block.durationMs !== undefined ? ` (${block.durationMs} ms)` : ''}${why ? ` — ${oneLine(why)}` : ''}\n`);
          }
        }
      });
    },
    delta(id: string, blockIndex: number, text: string) {
      if (id !== conversationId) return;
      write(text);
      printed.set(blockIndex, (printed.get(blockIndex) ?? 0) + text.length);
    },
    end() {
      if (wroteText && !endsWithNewline) io.stdout('\n');
    },
  };
}
