import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { scriptedAsker, startChatHost } from './test-support/chat-host.ts';

const tasksFixture = fileURLToPath(new URL('../../../tests/fixtures/servers/tasks-modern-server.ts', import.meta.url));

test('a task stopped from its card ends the chat\'s call as cancelled, not failed, and the model is told so', { timeout: 90_000 }, async (t) => {
  const fake = await startFakeAnthropic({ apiKey: 'sk-ant-task-stop-123456' });
  t.after(() => fake.close());
  const chat = await startChatHost({ command: process.execPath, args: [tasksFixture] });
  t.after(() => chat.close());
  const { host } = chat;
  await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: 'sk-ant-task-stop-123456' });
  await host.call('settings.update', { anthropicBaseURL: fake.baseURL, defaultModel: 'claude-sonnet-4-6' });
  host.chat.approver.policy = () => 'ask';
  host.chat.approver.asker = scriptedAsker(() => ({ decision: 'allow-once' }));
  host.on('tasks.changed', (task) => {
    if (task.status === 'working') void host.call('tasks.cancel', { server: task.server, taskId: task.taskId });
  });
  fake.script({ blocks: [{ toolUse: { name: 'fx__research', input: { topic: 'stars', steps: 200, stepMs: 100 } } }] }, { blocks: [{ text: 'Stopped.' }] });

  const conversation = host.chat.service.create();
  const { done } = host.chat.service.send({ conversationId: conversation.id, text: 'research the stars' });
  const answer = await done;
  const call = answer.blocks.find((block): block is ToolCallBlock => block.type === 'tool_call')!;
  assert.equal(call.status, 'cancelled', call.error);
  const messages = fake.messageRequests.at(-1)!.body!.messages as unknown as { content: { type: string; content?: { text: string }[] }[] }[];
  const result = messages.at(-1)!.content.find((block) => block.type === 'tool_result')!;
  assert.match(JSON.stringify(result.content), /cancelled/);
});
