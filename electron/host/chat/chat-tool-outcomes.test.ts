import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolCallProgress } from '../../../shared/servers/server-state.ts';
import type { ChatMessage, ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { Host } from '../host.ts';
import { startChatHost } from './test-support/chat-host.ts';

const API_KEY = 'sk-ant-test-key-outcomes-1a2b3c';

function calls(message: ChatMessage): ToolCallBlock[] {
  return message.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');
}

/** The tool_result the model got in the latest request. */
function lastToolResult(fake: FakeAnthropic): { is_error?: boolean; content?: unknown } {
  const messages = fake.messageRequests.at(-1)!.body!.messages as { role: string; content: { type: string; is_error?: boolean; content?: unknown }[] }[];
  return messages.at(-1)!.content.find((block) => block.type === 'tool_result')!;
}

// The fixture's entry sets small limits: 0.3 s without progress, 3 s in all.
describe('tool calls in the chat under the server timeouts', () => {
  let fake: FakeAnthropic;
  let host: Host;
  let close: () => Promise<void>;

  before(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    ({ host, close } = await startChatHost({ timeout: { call: 0.3, max: 3 } }));
    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: API_KEY });
    await host.call('settings.update', { anthropicBaseURL: fake.baseURL, defaultModel: 'claude-sonnet-4-6' });
    host.chat.approver.policy = () => ({ allow: true });
  });

  after(async () => {
    await close?.();
    await fake?.close();
  });

  async function turn(text: string): Promise<ChatMessage> {
    const { done } = host.chat.service.send({ conversationId: host.chat.service.create().id, text });
    return done;
  }

  test('a call with regular progress outlives the call timeout, and its progress names the chat tool call', async () => {
    const progress: ToolCallProgress[] = [];
    const off = host.on('servers.callProgress', (event) => progress.push(event));
    fake.script({ blocks: [{ toolUse: { name: 'fx__slow', input: { ms: 900, steps: 6 } } }] }, { blocks: [{ text: 'Finished.' }] });
    const answer = await turn('Take a while');
    off();
    const [call] = calls(answer);
    assert.equal(call.status, 'done', call.error);
    assert.ok(progress.length >= 2);
    assert.deepEqual(progress[0], { server: 'fx', tool: 'slow', conversationId: answer.conversationId, toolCallId: call.id, progress: 0, total: 6, message: 'step 1 of 6' });
  });

  test('timed out is its own outcome, apart from failed, and the model is told which limit was hit', async () => {
    fake.script({ blocks: [{ toolUse: { name: 'fx__slow', input: { ms: 20_000, steps: 1 } } }] }, { blocks: [{ text: 'It timed out.' }] });
    const [timedOut] = calls(await turn('Wait'));
    assert.equal(timedOut.status, 'timed-out');
    assert.equal(timedOut.error, 'tool "slow" on server "fx" timed out: no progress for 300 ms');
    const result = lastToolResult(fake);
    assert.equal(result.is_error, true);
    assert.match(JSON.stringify(result.content), /The tool call timed out: tool \\"slow\\" on server \\"fx\\" timed out: no progress for 300 ms/);

    fake.script({ blocks: [{ toolUse: { name: 'fx__fail', input: {} } }] }, { blocks: [{ text: 'It failed.' }] });
    const [failed] = calls(await turn('Fail'));
    assert.equal(failed.status, 'error');
  });
});
