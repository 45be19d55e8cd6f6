/**
 * Tool search end to end (issue #8): 1,000 tools over 20 real fixture servers, a real Host, the fake Anthropic
 * and OpenAI APIs through the real SDK clients. The model searches, finds the right tool and calls it; every
 * request stays within the budget, and what did not change is sent byte for byte the same.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolCallBlock, ToolSearchBlock } from '../../../../shared/chat/chat-types.ts';
import { startFakeAnthropic } from '../../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../../tests/fixtures/fake-llm/anthropic.ts';
import { startFakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import type { FakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import { fixtureStdio } from '../../../../tests/fixtures/servers/launch.ts';
import { Host } from '../../host.ts';
import { scriptedAsker } from '../test-support/chat-host.ts';

const SERVERS = 20;
/** The modern fixture lists 18 tools of its own (13 plain, 5 that ask the person): 50 a server. */
const EXTRA_TOOLS = 32;
const TOTAL = 1000;
const QUERY = 's07 environment variable';
const RIGHT_TOOL = 's07__env';

type Json = Record<string, unknown>;
const toolsOf = (body: unknown): Json[] => ((body as { tools?: Json[] }).tools ?? []) as Json[];
const searchesOf = (blocks: readonly { type: string }[]) => blocks.filter((block): block is ToolSearchBlock => block.type === 'tool_search');
const callsOf = (blocks: readonly { type: string }[]) => blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');

describe('tool search with 1,000 tools over 20 servers', { timeout: 300_000 }, () => {
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAI;
  let host: Host;
  let dataDir: string;

  before(async () => {
    anthropic = await startFakeAnthropic({ apiKey: 'sk-ant-search' });
    openai = await startFakeOpenAI({ apiKey: 'sk-openai-search' });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-tool-search-'));
    const mcpServers: Record<string, unknown> = {};
    for (let i = 1; i <= SERVERS; i++) {
      const name = `s${String(i).padStart(2, '0')}`;
      mcpServers[name] = fixtureStdio('modern', ['--extra-tools', String(EXTRA_TOOLS), '--name', name]);
    }
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers }));
    host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
    const states = await host.servers.settled(240_000);
    assert.deepEqual(
      states.filter((state) => state.status !== 'connected').map((state) => `${state.name}: ${state.status} ${state.reason ?? ''}`),
      [],
    );
    const offered = states.reduce((sum, state) => sum + host.servers.catalog(state.name).tools.length, 0);
    assert.equal(offered, TOTAL);
    host.chat.approver.policy = () => 'ask';
    host.chat.approver.asker = scriptedAsker(() => ({ decision: 'allow-once' }));
    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: 'sk-ant-search' });
    await host.call('settings.setApiKey', { provider: 'openai', apiKey: 'sk-openai-search' });
    await host.call('settings.update', { anthropicBaseURL: anthropic.baseURL, openaiBaseURL: openai.baseURL });
  });

  after(async () => {
    await host?.close();
    await anthropic?.close();
    await openai?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('Anthropic: the API searches its deferred tools, the model calls the one it found, and the replay is accepted', async () => {
    const conversation = host.chat.service.create();
    const toolBytes: string[] = [];
    anthropic.script(
      (request) => {
        const tools = toolsOf(request.body);
        toolBytes.push(JSON.stringify(tools));
        assert.equal(tools.length, TOTAL + 1);
        assert.deepEqual(tools.filter((tool) => tool.defer_loading !== true).map((tool) => tool.name), ['tool_search_tool_bm25']);
        return { blocks: [{ text: 'Let me look.' }, { toolSearch: { query: QUERY } }, { toolUse: { name: RIGHT_TOOL, input: { name: 'SB_NOT_SET' } } }] };
      },
      (request) => {
        toolBytes.push(JSON.stringify(toolsOf(request.body)));
        return { blocks: [{ text: 'It is not set.' }] };
      },
    );
    const { done } = host.chat.service.send({ conversationId: conversation.id, text: 'Is SB_NOT_SET set on s07?', provider: 'anthropic', model: 'claude-sonnet-4-6' });
    const answer = await done;
    assert.equal(answer.status, 'complete', JSON.stringify(answer.error));
    const [search] = searchesOf(answer.blocks);
    assert.equal(search.via, 'provider');
    assert.equal(search.query, QUERY);
    assert.equal(search.found[0].modelName, RIGHT_TOOL);
    assert.deepEqual({ server: search.found[0].server, tool: search.found[0].tool }, { server: 's07', tool: 'env' });
    const [call] = callsOf(answer.blocks);
    assert.equal(call.status, 'done');
    assert.match(JSON.stringify(call.result), /SB_NOT_SET is not set/);
    assert.deepEqual(answer.toolOffer, { loaded: 0, searchable: 1000 });

    // The next turn replays the search (the fake checks every reference) and sends the same tools, byte for byte.
    anthropic.script((request) => {
      toolBytes.push(JSON.stringify(toolsOf(request.body)));
      const history = JSON.stringify(request.body?.messages);
      assert.match(history, /"type":"server_tool_use"/);
      assert.match(history, /"tool_references":\[\{"type":"tool_reference","tool_name":"s07__env"\}/);
      return { blocks: [{ toolUse: { name: RIGHT_TOOL, input: { name: 'PATH' } } }] };
    }, { blocks: [{ text: 'Set.' }] });
    const second = await host.chat.service.send({ conversationId: conversation.id, text: 'And PATH?' }).done;
    assert.equal(second.status, 'complete', JSON.stringify(second.error));
    assert.equal(callsOf(second.blocks)[0].status, 'done');
    assert.equal(new Set(toolBytes).size, 1, 'every request of both turns sent the same tools');
  });

  test('OpenAI-compatible: search_tools finds the tool, which is callable in the next step, never over 128 tools', async () => {
    const conversation = host.chat.service.create();
    const counts: number[] = [];
    openai.script(
      (request) => {
        const tools = toolsOf(request.body);
        counts.push(tools.length);
        assert.deepEqual(tools.map((tool) => (tool.function as Json).name), ['search_tools']);
        return { blocks: [{ toolUse: { name: 'search_tools', input: { query: QUERY } } }] };
      },
      (request) => {
        const tools = toolsOf(request.body);
        counts.push(tools.length);
        const names = tools.map((tool) => (tool.function as Json).name);
        assert.ok(names.includes(RIGHT_TOOL), `the tool found is loaded: ${names.join(', ')}`);
        return { blocks: [{ toolUse: { name: RIGHT_TOOL, input: { name: 'SB_NOT_SET' } } }] };
      },
      (request) => {
        counts.push(toolsOf(request.body).length);
        return { blocks: [{ text: 'Not set.' }] };
      },
    );
    const answer = await host.chat.service.send({ conversationId: conversation.id, text: 'Is SB_NOT_SET set on s07?', provider: 'openai', model: 'gpt-5.4' }).done;
    assert.equal(answer.status, 'complete', JSON.stringify(answer.error));
    const [search] = searchesOf(answer.blocks);
    assert.equal(search.via, 'host');
    assert.equal(search.found[0].modelName, RIGHT_TOOL);
    assert.match(search.resultText ?? '', /s07__env: Says whether an environment variable is set/);
    assert.equal(callsOf(answer.blocks)[0].status, 'done');
    assert.ok(counts.every((count) => count <= 128), `tools per request: ${counts.join(', ')}`);
    assert.ok(counts.every((count) => count <= 40 + 1), 'within the default budget');
    assert.deepEqual(answer.toolOffer, { loaded: 5, searchable: 995 }, 'the five found stay loaded in this conversation');
  });

  test('a tool switched off in the conversation is never found nor offered', async () => {
    const conversation = host.chat.service.create();
    await host.call('chat.setToolEnabled', { conversationId: conversation.id, server: 's07', tool: 'env', enabled: false });
    openai.script({ blocks: [{ toolUse: { name: 'search_tools', input: { query: QUERY } } }] }, { blocks: [{ text: 'Not there.' }] });
    const viaOpenAI = await host.chat.service.send({ conversationId: conversation.id, text: 'Find env on s07', provider: 'openai', model: 'gpt-5.4' }).done;
    const [search] = searchesOf(viaOpenAI.blocks);
    assert.ok(search.found.length > 0);
    assert.ok(!search.found.some((found) => found.modelName === RIGHT_TOOL));

    anthropic.script((request) => {
      assert.ok(!toolsOf(request.body).some((tool) => tool.name === RIGHT_TOOL));
      return { blocks: [{ text: 'Not there either.' }] };
    });
    const viaAnthropic = await host.chat.service.send({ conversationId: conversation.id, text: 'Again', provider: 'anthropic', model: 'claude-sonnet-4-6' }).done;
    assert.equal(viaAnthropic.status, 'complete', JSON.stringify(viaAnthropic.error));
  });
});
