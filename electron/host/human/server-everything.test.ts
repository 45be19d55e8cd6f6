import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { publishedServer } from '../servers/test-support/manager-harness.ts';
import { startHumanHost } from './test-support/human-host.ts';
import type { HumanHost } from './test-support/human-host.ts';

const API_KEY = 'sk-ant-everything-7788';

function textOf(result: CallToolResult): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

// The published reference server (2025 era, SDK 1.x) offers its elicitation, sampling, URL and roots tools
// only to a client that advertises those capabilities, and uses them the way servers in the wild do.
describe('@modelcontextprotocol/server-everything', () => {
  let h: HumanHost;
  let fake: FakeAnthropic;
  let folder: string;
  const openedByHost: string[] = [];

  before(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'sb-everything-root-'));
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    h = await startHumanHost({ everything: publishedServer('everything') }, { openExternal: async (url) => void openedByHost.push(url) });
    await h.host.call('settings.setApiKey', { provider: 'anthropic', apiKey: API_KEY });
    await h.host.call('settings.update', { anthropicBaseURL: fake.baseURL, defaultModel: 'claude-sonnet-4-6' });
    const state = await h.serverState('everything', (candidate) => candidate.status !== 'connecting');
    assert.equal(state.status, 'connected', state.reason);
    // Registered after initialization, once it knows what the client can do; announced with list_changed.
    await new Promise<void>((resolve) => {
      const wanted = ['trigger-elicitation-request', 'trigger-sampling-request', 'trigger-url-elicitation', 'get-roots-list'];
      const check = () => {
        const names = h.host.servers.catalog('everything').tools.map((tool) => tool.name);
        if (wanted.every((name) => names.includes(name))) {
          stop();
          resolve();
        }
      };
      const stop = h.host.on('servers.catalogChanged', check);
      check();
    });
  });

  after(async () => {
    await h?.close();
    await fake?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('trigger-elicitation-request: its whole form can be shown, validated and answered', async () => {
    const call = h.host.servers.callTool('everything', 'trigger-elicitation-request', {});
    const request = await h.nextRequest('elicitation-form');
    const fields = new Map(request.payload.fields.map((field) => [field.name, field]));
    assert.equal(fields.get('legacyTitledEnum')?.kind, 'select');
    assert.equal(fields.get('titledMultipleSelectEnum')?.kind, 'multiselect');
    assert.equal(fields.get('integer')?.kind === 'number' && fields.get('integer')?.default, 42);
    h.host.consent.answer(request.id, { action: 'accept', content: { name: 'Ada Lovelace', check: true, integer: 7, legacyTitledEnum: 'pet-2' } });
    const text = textOf((await call).result);
    assert.match(text, /User provided the requested information/);
    assert.match(text, /Name: Ada Lovelace/);
    assert.match(text, /Favorite Integer: 7/);
  });

  test('trigger-sampling-request: reviewed, answered by the model, reviewed again', async () => {
    fake.script({ blocks: [{ text: 'A haiku about tests' }] });
    const call = h.host.servers.callTool('everything', 'trigger-sampling-request', { prompt: 'Write a haiku', maxTokens: 50 });
    const review = await h.nextRequest('sampling');
    assert.ok(review.payload.stage === 'request');
    assert.equal(review.payload.request.systemPrompt, 'You are a helpful test server.');
    h.host.consent.answer(review.id, { action: 'approve' });
    h.host.consent.answer((await h.nextRequest('sampling')).id, { action: 'approve' });
    const text = textOf((await call).result);
    assert.match(text, /A haiku about tests/);
    assert.match(text, /claude-sonnet-4-6/);
    assert.equal((fake.messageRequests.at(-1)!.body as { max_tokens: number }).max_tokens, 50);
  });

  test('trigger-url-elicitation, request path and the -32042 error path', async () => {
    const requestPath = h.host.servers.callTool('everything', 'trigger-url-elicitation', { url: 'https://example.org/verify' });
    const asked = await h.nextRequest('elicitation-url');
    assert.equal(asked.payload.url, 'https://example.org/verify');
    h.host.consent.answer(asked.id, { action: 'accept' });
    assert.match(textOf((await requestPath).result), /User completed the URL elicitation flow/);

    const errorPath = h.host.servers.callTool('everything', 'trigger-url-elicitation', { url: 'https://example.org/after', errorPath: true });
    const prerequisite = await h.nextRequest('elicitation-url');
    assert.equal(prerequisite.payload.url, 'https://modelcontextprotocol.io');
    h.host.consent.answer(prerequisite.id, { action: 'accept' });
    const waiting = await h.nextRequest('elicitation-url');
    assert.equal(waiting.payload.stage, 'waiting');
    h.host.consent.answer(waiting.id, { action: 'accept' });
    // The retry goes the request path for the original URL.
    const retried = await h.nextRequest('elicitation-url');
    assert.equal(retried.payload.url, 'https://example.org/after');
    h.host.consent.answer(retried.id, { action: 'accept' });
    assert.match(textOf((await errorPath).result), /User completed the URL elicitation flow/);
    assert.deepEqual(openedByHost, ['https://example.org/verify', 'https://modelcontextprotocol.io/', 'https://example.org/after']);
  });

  test('get-roots-list: the roots chosen for it, refreshed after list_changed', async () => {
    assert.match(textOf((await h.host.servers.callTool('everything', 'get-roots-list', {})).result), /no roots are currently configured/);
    await h.host.call('roots.set', { server: 'everything', roots: [{ path: folder, name: 'Test folder' }] });
    // It refetches on list_changed and logs once it has the new list.
    await new Promise<void>((resolve) => {
      const stop = h.host.on('servers.log', (entry) => {
        if (entry.server === 'everything' && /Roots updated: 1 root/.test(entry.text)) {
          stop();
          resolve();
        }
      });
    });
    const listed = textOf((await h.host.servers.callTool('everything', 'get-roots-list', {})).result);
    assert.match(listed, /Test folder/);
    assert.ok(listed.includes(pathToFileURL(folder).href));
  });
});
