import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '@modelcontextprotocol/client';
import type { ChatMessage } from '../../../../shared/chat/chat-types.ts';
import { offerTools } from '../tool-offer.ts';
import { wantedTools } from './loaded-tools.ts';
import { OfferCache } from './offer-cache.ts';
import { SearchableOffer } from './searchable-offer.ts';
import { manyTools, testToolHost } from './test-host.ts';
import { DEFAULT_TOOL_BUDGET } from './tool-budget.ts';

const servers = Object.fromEntries(Array.from({ length: 20 }, (_, s) => [`srv${s}`, manyTools(`srv${s}`, 50)]));

test('within the budget every tool is loaded, as before', () => {
  const host = testToolHost({ small: manyTools('small', 5) });
  const offer = new SearchableOffer(offerTools(host, []), DEFAULT_TOOL_BUDGET);
  const tools = offer.forRequest('openai', []);
  assert.equal(tools.searching, false);
  assert.equal(tools.openaiTools.length, 5);
  assert.deepEqual(tools.summary, { loaded: 5, searchable: 0 });
});

test('over the budget: OpenAI gets the loaded tools and search_tools, never more than 128', () => {
  const offer = new SearchableOffer(offerTools(testToolHost(servers), []), DEFAULT_TOOL_BUDGET);
  const pinned = ['srv3/tool_7'];
  const tools = offer.forRequest('openai', wantedTools(pinned, [], offer.offer.index, 'openai'));
  assert.equal(tools.searching, true);
  assert.deepEqual(tools.openaiTools.map((tool) => tool.function.name), ['srv3__tool_7', 'search_tools']);
  assert.deepEqual(tools.summary, { loaded: 1, searchable: 999 });
  assert.equal(tools.offers('srv3__tool_7'), true);
  assert.equal(tools.offers('srv4__tool_7'), false);

  // Even a budget of 127 and 300 wanted tools stays within OpenAI's limit.
  const wide = new SearchableOffer(offerTools(testToolHost(servers), []), { maxTools: 127, maxTokens: 1_000 });
  const many = wide.entries.slice(0, 300).map((entry) => entry.modelName);
  assert.equal(wide.forRequest('openai', many).openaiTools.length, 128);
});

test('over the budget: Anthropic gets every tool, the unloaded ones deferred, and its search tool last', () => {
  const offer = new SearchableOffer(offerTools(testToolHost(servers), []), DEFAULT_TOOL_BUDGET);
  const tools = offer.forRequest('anthropic', ['srv0__tool_1']);
  const list = tools.anthropicTools as unknown as Record<string, unknown>[];
  assert.equal(list.length, 1001);
  assert.deepEqual(list.at(-1), { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
  assert.deepEqual(list.filter((tool) => tool.defer_loading !== true).map((tool) => tool.name), ['srv0__tool_1', 'tool_search_tool_bm25']);
});

test('the same set of loaded tools gives the same objects, so the same bytes, step after step', () => {
  const offer = new SearchableOffer(offerTools(testToolHost(servers), []), DEFAULT_TOOL_BUDGET);
  for (const provider of ['anthropic', 'openai'] as const) {
    const first = offer.forRequest(provider, ['srv1__tool_2', 'srv0__tool_9']);
    const second = offer.forRequest(provider, ['srv0__tool_9', 'srv1__tool_2']);
    assert.equal(JSON.stringify(first.anthropicTools), JSON.stringify(second.anthropicTools));
    assert.equal(JSON.stringify(first.openaiTools), JSON.stringify(second.openaiTools));
  }
});

test('the offer is built once per catalog generation, not at every step', () => {
  const host = testToolHost(servers);
  let generation = 0;
  const cache = new OfferCache(() => generation);
  const first = cache.get(host, [], () => false, DEFAULT_TOOL_BUDGET);
  const reads = host.catalogReads;
  assert.equal(cache.get(host, [], () => false, DEFAULT_TOOL_BUDGET), first);
  assert.equal(host.catalogReads, reads, 'no catalog was copied for the second step');
  generation++;
  assert.notEqual(cache.get(host, [], () => false, DEFAULT_TOOL_BUDGET), first);
  assert.notEqual(cache.get(host, ['srv1'], () => false, DEFAULT_TOOL_BUDGET).offer.index.entries.length, 1000);
});

test('search finds by name, description and parameter name; a switched-off, held or conversation-off tool is never found', () => {
  const tools: Record<string, Tool[]> = {
    files: [
      { name: 'read_file', description: 'Reads a file from disk.', inputSchema: { type: 'object' as const, properties: { path: { type: 'string' } } } },
      { name: 'delete_file', description: 'Deletes a file.', inputSchema: { type: 'object' as const, properties: { path: { type: 'string' } } } },
      { name: 'chmod', description: 'Changes the mode.', inputSchema: { type: 'object' as const, properties: { permissionBits: { type: 'string' } } } },
    ],
    weather: [{ name: 'forecast', title: 'Weather forecast', description: 'Tomorrow.', inputSchema: { type: 'object' as const } }],
    ...servers,
  };
  const host = testToolHost(tools, ['files/delete_file']);
  const held = (server: string, tool: { name: string }) => server === 'files' && tool.name === 'chmod';
  const offer = new SearchableOffer(offerTools(host, ['weather'], held), DEFAULT_TOOL_BUDGET);
  assert.equal(offer.search('read a file')[0].modelName, 'files__read_file');
  assert.deepEqual(offer.search('delete file').map((found) => found.tool), ['read_file'], 'switched off in Servers');
  assert.deepEqual(offer.search('permission bits'), [], 'held back since it changed');
  assert.deepEqual(offer.search('weather forecast'), [], 'switched off in this conversation');
  assert.equal(offer.search('arg_17 srv4')[0].modelName, 'srv4__tool_17');
});

test('loaded: pinned first, then the latest used or found; Anthropic leaves what its own search loads to the references', () => {
  const offer = new SearchableOffer(offerTools(testToolHost(servers), []), DEFAULT_TOOL_BUDGET);
  const history: ChatMessage[] = [
    {
      id: 'a',
      conversationId: 'c',
      role: 'assistant',
      status: 'complete',
      createdAt: 0,
      blocks: [
        { type: 'tool_call', id: 't1', server: 'srv2', tool: 'tool_3', modelName: 'srv2__tool_3', arguments: {}, status: 'done', step: 1 },
        { type: 'tool_search', id: 's1', via: 'provider', toolName: 'tool_search_tool_bm25', input: { query: 'x' }, query: 'x', found: [{ server: 'srv5', tool: 'tool_5', modelName: 'srv5__tool_5' }], step: 2 },
        { type: 'tool_call', id: 't2', server: 'srv5', tool: 'tool_5', modelName: 'srv5__tool_5', arguments: {}, status: 'done', step: 2 },
        { type: 'tool_search', id: 's2', via: 'host', toolName: 'search_tools', input: { query: 'y' }, query: 'y', found: [{ server: 'srv6', tool: 'tool_6', modelName: 'srv6__tool_6' }], step: 3 },
      ],
    },
  ];
  const index = offer.offer.index;
  assert.deepEqual(wantedTools(['srv0/tool_0', 'gone/tool'], history, index, 'openai'), ['srv0__tool_0', 'srv6__tool_6', 'srv5__tool_5', 'srv5__tool_5', 'srv2__tool_3']);
  assert.deepEqual(wantedTools(['srv0/tool_0'], history, index, 'anthropic'), ['srv0__tool_0', 'srv6__tool_6', 'srv2__tool_3']);
});
