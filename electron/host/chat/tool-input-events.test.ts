import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import { startFakeOpenAI } from '../../../tests/fixtures/fake-llm/openai.ts';
import type { FakeOpenAI } from '../../../tests/fixtures/fake-llm/openai.ts';
import { Host } from '../host.ts';
import { record } from './test-support/chat-host.ts';

const appServer = fileURLToPath(new URL('../../../tests/fixtures/apps/app-server.ts', import.meta.url));
const KEY = 'sk-openai-tool-input';
let host: Host;
let fake: FakeOpenAI;
let dataDir: string;

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-tool-input-'));
  const configPath = path.join(dataDir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { apps: { command: process.execPath, args: [appServer] } } }));
  fake = await startFakeOpenAI({ apiKey: KEY });
  host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent', mcpApps: true });
  const [state] = await host.servers.settled(30_000);
  assert.equal(state.status, 'connected', state.reason);
  await host.call('settings.setApiKey', { provider: 'openai', apiKey: KEY });
  await host.call('settings.update', { openaiBaseURL: fake.baseURL, defaultProvider: 'openai', defaultModel: 'gpt-5-mini' });
  host.chat.approver.policy = () => ({ allow: true });
});

after(async () => {
  await host?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the arguments of a call of a tool with an app reach the UI as the model writes them; other tools stay quiet', async () => {
  const text = 'A sentence long enough to arrive in many pieces.';
  fake.script(
    {
      blocks: [{ toolUse: { name: 'apps__counter-reset', input: {} } }, { toolUse: { name: 'apps__show-text', input: { text } } }],
      chunkSize: 3,
      delayMs: 40,
    },
    { blocks: [{ text: 'Shown.' }] },
  );
  const inputs = record(host, 'chat.toolInput');
  const conversation = host.chat.service.create();
  const answer = await host.chat.service.send({ conversationId: conversation.id, text: 'show it' }).done;
  inputs.stop();
  assert.equal(answer.status, 'complete', JSON.stringify(answer.error));
  const call = answer.blocks.find((block): block is ToolCallBlock => block.type === 'tool_call' && block.tool === 'show-text')!;
  assert.equal(call.status, 'done');
  assert.ok(inputs.events.length >= 3, `${inputs.events.length} pieces`);
  for (const event of inputs.events) {
    assert.deepEqual(
      [event.conversationId, event.messageId, event.toolCallId, event.server, event.tool],
      [conversation.id, answer.id, call.id, 'apps', 'show-text'],
      'only the tool with an app, under the id its block has',
    );
    assert.ok(event.arguments.text === undefined || text.startsWith(String(event.arguments.text)));
  }
  const lengths = inputs.events.map((event) => String(event.arguments.text ?? '').length);
  assert.deepEqual(lengths, [...lengths].sort((a, b) => a - b));
  assert.ok(lengths.some((length) => length > 0 && length < text.length), 'a part of the text, before all of it');
  // At most 10 a second: the pieces sent are at least 100 ms apart, so fewer than the stream's own.
  assert.ok(inputs.events.length < Math.ceil(JSON.stringify({ text }).length / 3));
});
