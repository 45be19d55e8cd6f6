import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage, ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { Host } from '../host.ts';
import { openDatabase } from '../store/database.ts';
import { chatMigrations, ConversationStore } from '../store/conversations.ts';

function tempHostDir(t: { after(fn: () => void): void }): { dataDir: string; configPath: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-recover-'));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: {} }));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir, configPath };
}

test('the answer reaches the database while it streams, not only at the end', async (t) => {
  const { dataDir, configPath } = tempHostDir(t);
  const fake = await startFakeAnthropic();
  t.after(() => fake.close());
  const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
  t.after(() => host.close());
  await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: 'sk-ant-stream-test' });
  await host.call('settings.update', { anthropicBaseURL: fake.baseURL });
  fake.script({ blocks: [{ text: 'one two three four five six seven eight nine ten eleven twelve' }], delayMs: 30, chunkSize: 4 });

  const chat = host.chat.service.create();
  const { done } = host.chat.service.send({ conversationId: chat.id, text: 'count' });
  // A second connection sees only what was committed.
  const reader = openDatabase(dataDir, chatMigrations);
  t.after(() => reader.close());
  const store = new ConversationStore(reader);
  let seenWhileStreaming: ChatMessage | undefined;
  while (!seenWhileStreaming) {
    const answer = store.messages(chat.id)[1];
    const text = answer?.blocks[0]?.type === 'text' ? answer.blocks[0].text : '';
    if (answer?.status === 'streaming' && text.length > 0) seenWhileStreaming = answer;
    else if (answer && answer.status !== 'streaming') assert.fail('the answer was first saved when it had ended');
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const final = await done;
  assert.equal(final.status, 'complete');
  const partial = seenWhileStreaming.blocks[0].type === 'text' ? seenWhileStreaming.blocks[0].text : '';
  assert.ok(partial.length < 62, partial);
});

test('after a crash, an answer left streaming is marked stopped and its unfinished tool calls cancelled', async (t) => {
  const { dataDir, configPath } = tempHostDir(t);
  const db = openDatabase(dataDir, chatMigrations);
  const store = new ConversationStore(db);
  const chat = store.create();
  store.addMessage({ id: 'u1', conversationId: chat.id, role: 'user', blocks: [{ type: 'text', text: 'go' }], status: 'complete', createdAt: 1 });
  const running: ToolCallBlock = { type: 'tool_call', id: 't1', server: 'fx', tool: 'slow', modelName: 'fx__slow', arguments: {}, status: 'running', step: 1 };
  store.addMessage({ id: 'a1', conversationId: chat.id, role: 'assistant', blocks: [{ type: 'text', text: 'Working' }, running], status: 'streaming', createdAt: 2 });
  db.close();

  const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
  t.after(() => host.close());
  const answer = host.chat.service.get(chat.id).messages[1];
  assert.equal(answer.status, 'stopped');
  const call = answer.blocks[1] as ToolCallBlock;
  assert.equal(call.status, 'cancelled');
  assert.match(call.error ?? '', /Interrupted/);
  assert.equal(answer.blocks.at(-1)?.type, 'notice');
});
