/**
 * Skills in the chat (SEP-2640): a real Host with the skills fixture in both eras, the fake Anthropic and OpenAI
 * APIs through the real SDK clients. The model sees names and descriptions up front, loads a skill and reads one
 * of its files through the host tools; the conversation shows each load; a tampered skill never reaches it; a
 * server's skills switched off are not offered.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolCallBlock } from '../../../../shared/chat/chat-types.ts';
import { startFakeAnthropic } from '../../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../../tests/fixtures/fake-llm/anthropic.ts';
import { startFakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import type { FakeOpenAI } from '../../../../tests/fixtures/fake-llm/openai.ts';
import { Host } from '../../host.ts';

const fixture = fileURLToPath(new URL('../../../../tests/fixtures/servers/skills-server.ts', import.meta.url));
type Json = Record<string, unknown>;
const toolsOf = (body: unknown): Json[] => ((body as { tools?: Json[] }).tools ?? []) as Json[];
const callsOf = (blocks: readonly { type: string }[]) => blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');

describe('skills in the chat', { timeout: 120_000 }, () => {
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAI;
  let host: Host;
  let dataDir: string;

  before(async () => {
    anthropic = await startFakeAnthropic({ apiKey: 'sk-ant-skills' });
    openai = await startFakeOpenAI({ apiKey: 'sk-openai-skills' });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-skills-chat-'));
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(
      configPath,
      JSON.stringify({
        mcpServers: {
          docs: { command: process.execPath, args: [fixture] },
          old: { command: process.execPath, args: [fixture, '--era', 'legacy'] },
          bad: { command: process.execPath, args: [fixture, '--tamper', 'digest'] },
        },
      }),
    );
    host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
    const states = await host.servers.settled(60_000);
    assert.deepEqual(states.filter((state) => state.status !== 'connected').map((state) => `${state.name}: ${state.reason}`), []);
    await host.skills.settled();
    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: 'sk-ant-skills' });
    await host.call('settings.setApiKey', { provider: 'openai', apiKey: 'sk-openai-skills' });
    await host.call('settings.update', { anthropicBaseURL: anthropic.baseURL, openaiBaseURL: openai.baseURL });
  });

  after(async () => {
    await host?.close();
    await anthropic?.close();
    await openai?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('Anthropic: names and descriptions up front; load_skill then read_skill_file; each load shown and replayed', async () => {
    const conversation = host.chat.service.create();
    let description = '';
    anthropic.script(
      (request) => {
        const load = toolsOf(request.body).find((tool) => tool.name === 'load_skill');
        assert.ok(load, 'load_skill is offered');
        description = String(load.description);
        assert.ok(toolsOf(request.body).some((tool) => tool.name === 'read_skill_file'));
        return { blocks: [{ toolUse: { name: 'load_skill', input: { skill: 'docs:release-notes' } } }] };
      },
      (request) => {
        const history = JSON.stringify(request.body?.messages);
        assert.match(history, /# Release notes/);
        assert.match(history, /from MCP server \\"docs\\"/);
        return { blocks: [{ toolUse: { name: 'read_skill_file', input: { skill: 'docs:release-notes', path: 'templates/entry.md' } } }] };
      },
      (request) => {
        assert.match(JSON.stringify(request.body?.messages), /What changed, in one line/);
        return { blocks: [{ text: 'Done.' }] };
      },
    );
    const answer = await host.chat.service.send({ conversationId: conversation.id, text: 'Write release notes', provider: 'anthropic', model: 'claude-sonnet-4-6' }).done;
    assert.equal(answer.status, 'complete', JSON.stringify(answer.error));
    // Every skill of every server, by server-qualified id: the same name from two servers never collides.
    for (const id of ['docs:release-notes', 'docs:code-review', 'old:release-notes', 'old:code-review', 'bad:release-notes']) {
      assert.ok(description.includes(`- ${id} (`), `${id} is listed`);
    }
    assert.match(description, /docs:code-review \(code-review\): Review a change for correctness and style/);
    assert.doesNotMatch(description, /# Code review/, 'no SKILL.md body up front');
    const [load, read] = callsOf(answer.blocks);
    assert.deepEqual([load.tool, load.server, load.status, load.skill?.name], ['load_skill', 'docs', 'done', 'release-notes']);
    assert.deepEqual([read.tool, read.status, read.skill?.path], ['read_skill_file', 'done', 'templates/entry.md']);
  });

  test('OpenAI-compatible: a tampered skill is refused, the model told why, and a 2025-era server\'s skill loads', async () => {
    const conversation = host.chat.service.create();
    openai.script(
      (request) => {
        const names = toolsOf(request.body).map((tool) => (tool.function as Json).name);
        assert.ok(names.includes('load_skill') && names.includes('read_skill_file'), names.join(', '));
        return { blocks: [{ toolUse: { name: 'load_skill', input: { skill: 'bad:release-notes' } } }, { toolUse: { name: 'load_skill', input: { skill: 'old:code-review' } } }] };
      },
      (request) => {
        const history = JSON.stringify(request.body?.messages);
        assert.match(history, /failed verification \(digest\)/);
        assert.doesNotMatch(history, /send the API keys/);
        assert.match(history, /# Code review/);
        return { blocks: [{ text: 'One loaded.' }] };
      },
    );
    const answer = await host.chat.service.send({ conversationId: conversation.id, text: 'Go', provider: 'openai', model: 'gpt-5.4' }).done;
    assert.equal(answer.status, 'complete', JSON.stringify(answer.error));
    const [bad, old] = callsOf(answer.blocks);
    assert.deepEqual([bad.status, bad.server], ['error', 'bad']);
    assert.deepEqual([old.status, old.server, old.skill?.name], ['done', 'old', 'code-review']);
  });

  test('a server whose skills are switched off is not offered; with none left, no skill tool is sent', async () => {
    await host.call('skills.setEnabled', { server: 'bad', enabled: false });
    await host.call('skills.setEnabled', { server: 'old', enabled: false });
    anthropic.script((request) => {
      const load = toolsOf(request.body).find((tool) => tool.name === 'load_skill');
      assert.ok(load);
      assert.doesNotMatch(String(load.description), /bad:|old:/);
      return { blocks: [{ text: 'ok' }] };
    });
    const conversation = host.chat.service.create();
    const first = await host.chat.service.send({ conversationId: conversation.id, text: 'hi', provider: 'anthropic', model: 'claude-sonnet-4-6' }).done;
    assert.equal(first.status, 'complete', JSON.stringify(first.error));
    await host.call('skills.setEnabled', { server: 'docs', enabled: false });
    anthropic.script((request) => {
      assert.deepEqual(toolsOf(request.body).filter((tool) => String(tool.name).includes('skill')), []);
      return { blocks: [{ text: 'ok' }] };
    });
    const second = await host.chat.service.send({ conversationId: conversation.id, text: 'again' }).done;
    assert.equal(second.status, 'complete', JSON.stringify(second.error));
    const views = await host.call('skills.list', {});
    assert.deepEqual((views as { server: string; enabled: boolean }[]).map((view) => [view.server, view.enabled]), [['bad', false], ['docs', false], ['old', false]]);
  });
});
