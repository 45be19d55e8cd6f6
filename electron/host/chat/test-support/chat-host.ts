import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatEvents } from '../../../../shared/api/chat-api.ts';
import type { ChatMessage } from '../../../../shared/chat/chat-types.ts';
import { fixtureStdio } from '../../../../tests/fixtures/servers/launch.ts';
import { Host } from '../../host.ts';
import type { ApprovalAnswer, ApprovalAsker, ToolApprovalQuestion } from '../approval/tool-approver.ts';

export const FIXTURE_INSTRUCTIONS = 'Use echo to repeat things back.';

/** A real Host on a temporary data dir with one fixture MCP server ("fx", 2026 era) connected. */
/** `entry` adds keys to the fixture's mcp.json entry (a `timeout`, say). */
export async function startChatHost(entry: Record<string, unknown> = {}): Promise<{ host: Host; dataDir: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-chat-'));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: { ...fixtureStdio('modern', ['--instructions', FIXTURE_INSTRUCTIONS]), ...entry } } }));
  const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
  const [state] = await host.servers.settled(30_000);
  if (state?.status !== 'connected') {
    await host.close();
    throw new Error(`fixture server did not connect: ${state?.status} ${state?.reason ?? ''}`);
  }
  return {
    host,
    dataDir,
    close: async () => {
      await host.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Answerer = (question: ToolApprovalQuestion) => ApprovalAnswer | Promise<ApprovalAnswer>;

/** Answers approval questions with a function, and keeps every question it was asked. */
export function scriptedAsker(answer: Answerer): ApprovalAsker & { questions: ToolApprovalQuestion[] } {
  const questions: ToolApprovalQuestion[] = [];
  return {
    questions,
    ask: async (question, signal) => {
      questions.push(question);
      const pending = Promise.resolve(answer(question));
      const aborted = new Promise<{ outcome: 'cancelled' }>((resolve) => {
        if (signal.aborted) resolve({ outcome: 'cancelled' });
        signal.addEventListener('abort', () => resolve({ outcome: 'cancelled' }), { once: true });
      });
      return Promise.race([pending, aborted]);
    },
  };
}

/** Collects host events of one kind until `stop()`. */
export function record<E extends keyof ChatEvents>(host: Host, event: E): { events: ChatEvents[E][]; stop(): void } {
  const events: ChatEvents[E][] = [];
  const stop = host.on(event, (payload) => events.push(structuredClone(payload)));
  return { events, stop };
}

export function textOf(message: ChatMessage): string {
  return message.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
}
