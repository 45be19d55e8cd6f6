import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResourceUpdate } from '../../../shared/context/context-types.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { Host } from '../host.ts';
import { publishedServer } from '../servers/test-support/manager-harness.ts';

const API_KEY = 'sk-ant-context-4411';

function nextUpdate(host: Host, uri: string, timeoutMs = 15_000): Promise<ResourceUpdate> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no update of ${uri} within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = host.on('context.resourceUpdated', (update) => {
      if (update.uri !== uri) return;
      clearTimeout(timer);
      stop();
      resolve(update);
    });
  });
}

// The published reference server (2025 era) offers prompts with completable arguments, resources, templates
// with completions, and subscriptions it updates on demand (`toggle-subscriber-updates`).
describe('context from @modelcontextprotocol/server-everything', () => {
  let host: Host;
  let fake: FakeAnthropic;
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-context-'));
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { everything: publishedServer('everything') } }));
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
    const [state] = await host.servers.settled(30_000);
    assert.equal(state?.status, 'connected', state?.reason);
    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: API_KEY });
    await host.call('settings.update', { anthropicBaseURL: fake.baseURL, defaultModel: 'claude-sonnet-4-6', contextCharLimit: 5_000 });
  });

  after(async () => {
    await host?.close();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the catalog has every prompt with its arguments, the resources and the templates, each with its server', async () => {
    const catalog = (await host.call('context.catalog', {})) as Awaited<ReturnType<Host['context']['catalog']>>;
    const completable = catalog.prompts.find((entry) => entry.prompt.name === 'completable-prompt');
    assert.equal(completable?.server, 'everything');
    assert.deepEqual(completable?.prompt.arguments?.map((argument) => [argument.name, argument.required]), [
      ['department', true],
      ['name', true],
    ]);
    assert.ok(catalog.resources.some((entry) => entry.resource.uri.startsWith('demo://resource/static/document/')));
    assert.ok(catalog.templates.some((entry) => entry.template.uriTemplate === 'demo://resource/dynamic/text/{resourceId}'));
  });

  test('completion/complete offers values, narrowed by the arguments already filled in', async () => {
    const ref = { type: 'ref/prompt' as const, name: 'completable-prompt' };
    const departments = await host.call('context.complete', { server: 'everything', ref, argument: { name: 'department', value: 'Sa' } });
    assert.deepEqual(departments, { values: ['Sales'], total: 1, hasMore: false });
    const people = (await host.call('context.complete', {
      server: 'everything',
      ref,
      argument: { name: 'name', value: '' },
      context: { department: 'Sales' },
    })) as { values: string[] };
    assert.deepEqual(people.values, ['David', 'Eve', 'Frank']);
    const nobody = (await host.call('context.complete', { server: 'everything', ref, argument: { name: 'name', value: '' } })) as { values: string[] };
    assert.deepEqual(nobody.values, []);
    const ids = (await host.call('context.complete', {
      server: 'everything',
      ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      argument: { name: 'resourceId', value: '7' },
    })) as { values: string[] };
    assert.deepEqual(ids.values, ['7']);
  });

  test("a prompt's messages and an attached resource reach the model as labelled context, capped, and are saved", async () => {
    fake.script({ blocks: [{ text: 'Promoted.' }] });
    const { id } = (await host.call('chat.create', {})) as { id: string };
    const prompt = (await host.call('prompts.get', {
      server: 'everything',
      name: 'completable-prompt',
      arguments: { department: 'Sales', name: 'Eve' },
    })) as { messages: { role: 'user' | 'assistant'; content: { type: string } }[] };
    const turnEnded = new Promise<void>((resolve) => {
      const stop = host.on('chat.turn', ({ conversationId, state }) => {
        if (conversationId === id && state === 'idle') {
          stop();
          resolve();
        }
      });
    });
    await host.call('chat.send', {
      conversationId: id,
      text: 'Keep it short.',
      context: {
        prompts: [{ server: 'everything', prompt: 'completable-prompt', messages: prompt.messages }],
        attachments: [{ server: 'everything', uri: 'demo://resource/dynamic/text/3' }],
      },
    });
    await turnEnded;
    const [request] = fake.messageRequests;
    const sent = JSON.stringify(request.body?.messages);
    assert.match(sent, /<context source=\\"prompt\\" prompt=\\"completable-prompt\\" server=\\"everything\\">/);
    assert.match(sent, /Please promote Eve to the head of the Sales team\./);
    assert.match(sent, /<context source=\\"attached resource\\" name=\\"3\\" uri=\\"demo:\/\/resource\/dynamic\/text\/3\\" server=\\"everything\\" mimeType=\\"text\/plain\\">/);
    assert.match(sent, /Resource 3: This is a plaintext resource/);
    assert.match(sent, /Keep it short\./);
    const conversation = (await host.call('chat.get', { id })) as { messages: { role: string; blocks: { type: string }[] }[] };
    assert.deepEqual(
      conversation.messages.map((message) => [message.role, message.blocks.map((block) => block.type)]),
      [
        ['user', ['context', 'context', 'text']],
        ['assistant', ['text']],
      ],
    );
  });

  test('a send needs text or context; a prompt ending with the assistant needs text after it', async () => {
    const { id } = (await host.call('chat.create', {})) as { id: string };
    await assert.rejects(host.call('chat.send', { conversationId: id, text: '  ' }), /a message needs text, a prompt or an attachment/);
    const prompts = [{ server: 'everything', prompt: 'x', messages: [{ role: 'assistant' as const, content: { type: 'text', text: 'Sure.' } }] }];
    await assert.rejects(host.call('chat.send', { conversationId: id, text: '', context: { prompts } }), /write what you want to say next/);
  });

  test('a resource longer than the context cap is cut, and the model is told', async () => {
    fake.script({ blocks: [{ text: 'Read it.' }] });
    await host.call('settings.update', { contextCharLimit: 1_000 });
    try {
      const catalog = host.context.catalog();
      const long = catalog.resources.find((entry) => entry.resource.uri.endsWith('.md'));
      assert.ok(long, 'server-everything lists a Markdown document');
      const { id } = (await host.call('chat.create', {})) as { id: string };
      await host.call('chat.send', { conversationId: id, text: '', context: { attachments: [{ server: 'everything', uri: long.resource.uri }] } });
      await fake.waitForMessageRequests(2);
      const sent = JSON.stringify(fake.messageRequests[1].body?.messages);
      const full = await host.servers.readResource('everything', long.resource.uri);
      const size = (full.contents[0] as { text: string }).text.length;
      if (size > 1_000) assert.match(sent, new RegExp(`Cut to the context cap: 1,000 of ${size.toLocaleString('en-US')} characters were kept`));
      else assert.doesNotMatch(sent, /Cut to the context cap/);
    } finally {
      await host.call('settings.update', { contextCharLimit: 5_000 });
    }
  });

  test('a watched resource is subscribed (resources/subscribe), its updates arrive, and it is unsubscribed when nobody shows it', async () => {
    const uri = 'demo://resource/dynamic/text/1';
    assert.deepEqual(await host.call('context.watch', { server: 'everything', uri, watcher: 'chip-1' }), { subscribed: true });
    assert.deepEqual(await host.call('context.watch', { server: 'everything', uri, watcher: 'preview-1' }), { subscribed: true });
    const update = nextUpdate(host, uri);
    await host.servers.callTool('everything', 'toggle-subscriber-updates', {});
    assert.equal((await update).server, 'everything');
    assert.deepEqual(await host.call('context.unwatch', { server: 'everything', uri, watcher: 'chip-1' }), { watching: true });
    assert.deepEqual(await host.call('context.unwatch', { server: 'everything', uri, watcher: 'preview-1' }), { watching: false });
    const logs = host.servers.logs('everything').map((entry) => entry.text);
    assert.ok(logs.some((text) => text.includes(`Received Subscribe Resource request for URI: ${uri}`)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(host.servers.logs('everything').some((entry) => entry.text.includes(`Received Unsubscribe Resource request: ${uri}`)));
    await host.servers.callTool('everything', 'toggle-subscriber-updates', {});
  });
});
