import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage, ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import { HostError } from '../../../shared/api/host-error.ts';
import type { TelemetrySettings } from '../../../shared/api/telemetry-api.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { startFakeOpenAI } from '../../../tests/fixtures/fake-llm/openai.ts';
import type { FakeOpenAI } from '../../../tests/fixtures/fake-llm/openai.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { Host } from '../host.ts';
import { attribute, metaLines, startReceiver, until } from './test-support/otlp-receiver.ts';

const ANTHROPIC_KEY = 'sk-ant-otel-test-4d5e6f';
const OPENAI_KEY = 'sk-openai-otel-test-7a8b9c';
const ARGUMENT_VALUE = 'argument-value-that-must-not-be-exported';
const HEADER_VALUE = 'Bearer collector-token-that-stays-in-the-host';

function toolCalls(message: ChatMessage): ToolCallBlock[] {
  return message.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');
}

describe('OpenTelemetry export of chat turns to an OTLP endpoint', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAI;
  let host: Host;
  let dataDir: string;
  let modernLog: string;
  let legacyLog: string;
  let taskEvents: string;

  before(async () => {
    receiver = await startReceiver();
    anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
    openai = await startFakeOpenAI({ apiKey: OPENAI_KEY });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-otel-'));
    modernLog = path.join(dataDir, 'modern-meta.jsonl');
    legacyLog = path.join(dataDir, 'legacy-meta.jsonl');
    taskEvents = path.join(dataDir, 'task-events.log');
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(
      configPath,
      JSON.stringify({
        mcpServers: {
          fx: fixtureStdio('modern', ['--meta-log', modernLog]),
          old: { ...fixtureStdio('legacy', ['--meta-log', legacyLog]), timeout: { call: 0.3, max: 3 } },
          tk: fixtureStdio('tasks', ['--events', taskEvents]),
        },
      }),
    );
    host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent', telemetryBatchDelayMs: 50 });
    const states = await host.servers.settled(30_000);
    assert.deepEqual(states.map((state) => [state.name, state.status]).sort(), [['fx', 'connected'], ['old', 'connected'], ['tk', 'connected']]);
    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: ANTHROPIC_KEY });
    await host.call('settings.setApiKey', { provider: 'openai', apiKey: OPENAI_KEY });
    await host.call('settings.update', { anthropicBaseURL: anthropic.baseURL, openaiBaseURL: openai.baseURL, defaultModel: 'claude-sonnet-4-6' });
    host.chat.approver.policy = () => ({ allow: true });
  });

  after(async () => {
    await host?.close();
    await anthropic?.close();
    await openai?.close();
    await receiver?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function turn(text: string, provider?: 'openai'): Promise<ChatMessage> {
    const conversationId = host.chat.service.create().id;
    return host.chat.service.send({ conversationId, text, ...(provider ? { provider, model: 'gpt-5' } : {}) }).done;
  }

  test('off by default: a turn exports nothing and the server gets no trace context', async () => {
    assert.deepEqual(await host.call('telemetry.get', {}), { headerNames: [] });
    assert.equal(host.telemetry.tracer(), undefined);
    anthropic.script({ blocks: [{ toolUse: { name: 'fx__echo', input: { text: 'untraced' } } }] }, { blocks: [{ text: 'Done.' }] });
    const answer = await turn('Echo something');
    assert.equal(toolCalls(answer)[0]?.status, 'done');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.bodies.length, 0);
    assert.deepEqual(metaLines(modernLog), [{ tool: 'echo' }]);
  });

  test('an endpoint that is not http(s), or plain http off this computer, is refused and nothing changes', async () => {
    for (const [endpoint, reason] of [
      ['http://collector.example.com:4318', /Plain http is allowed only to this computer/],
      ['ftp://127.0.0.1:4318', /must be an http or https address/],
      ['https://user:pw@collector.example.com', /must not hold a user name or password/],
      ['not a url', /is not a URL/],
    ] as const) {
      await assert.rejects(host.call('telemetry.update', { endpoint }), (error: unknown) => {
        assert.ok(error instanceof HostError);
        assert.equal(error.code, 'invalid_params');
        assert.match(error.message, reason);
        return true;
      });
    }
    await assert.rejects(host.call('telemetry.update', { endpoint: receiver.url, headers: 'no colon here' }), /Header line 1 is not "Name: value"/);
    assert.deepEqual(await host.call('telemetry.get', {}), { headerNames: [] });
  });

  test('one trace per turn: model requests and tool calls are children of the turn, with no argument value anywhere', async () => {
    const changed: unknown[] = [];
    const off = host.on('telemetry.changed', (state) => changed.push(state));
    const settings = await host.call('telemetry.update', { endpoint: receiver.url, headers: `Authorization: ${HEADER_VALUE}\n` });
    off();
    assert.deepEqual(settings, { endpoint: receiver.url, tracesUrl: `${receiver.url}/v1/traces`, headerNames: ['Authorization'] });
    assert.deepEqual(changed, [settings]);
    assert.ok(!JSON.stringify(await host.call('telemetry.get', {})).includes('collector-token'));

    anthropic.script(
      {
        blocks: [
          { toolUse: { name: 'fx__echo', input: { text: ARGUMENT_VALUE } } },
          { toolUse: { name: 'old__fail', input: {} } },
          { toolUse: { name: 'old__slow', input: { ms: 20_000, steps: 1 } } },
        ],
      },
      { blocks: [{ text: 'All three tried.' }] },
    );
    const answer = await turn('Try the tools');
    assert.deepEqual(
      toolCalls(answer).map((call) => [call.tool, call.status]),
      [['echo', 'done'], ['fail', 'error'], ['slow', 'timed-out']],
    );

    const spans = await until('the turn span', () => {
      const all = receiver.spans();
      return all.some((span) => span.name === 'chat turn' && attribute(span, 'gen_ai.conversation.id') === answer.conversationId) ? all : undefined;
    });
    const root = spans.find((span) => span.name === 'chat turn' && attribute(span, 'gen_ai.conversation.id') === answer.conversationId)!;
    const inTrace = await until('every span of the turn', () => {
      const all = receiver.spans().filter((span) => span.traceId === root.traceId);
      return all.length === 6 ? all : undefined;
    });
    assert.equal(root.parentSpanId || undefined, undefined);
    assert.equal(root.kind, 1);
    assert.equal(attribute(root, 'gen_ai.provider.name'), 'anthropic');
    assert.equal(attribute(root, 'gen_ai.request.model'), 'claude-sonnet-4-6');
    assert.equal(attribute(root, 'switchboard.turn.status'), 'complete');

    const children = inTrace.filter((span) => span.spanId !== root.spanId);
    for (const child of children) assert.equal(child.parentSpanId, root.spanId, child.name);
    assert.deepEqual(children.map((span) => span.name).sort(), [
      'chat claude-sonnet-4-6',
      'chat claude-sonnet-4-6',
      'tools/call echo',
      'tools/call fail',
      'tools/call slow',
    ]);

    const models = children.filter((span) => span.name.startsWith('chat '));
    for (const model of models) {
      assert.equal(model.kind, 3);
      assert.equal(attribute(model, 'gen_ai.operation.name'), 'chat');
      assert.equal(attribute(model, 'gen_ai.provider.name'), 'anthropic');
      assert.equal(attribute(model, 'gen_ai.request.model'), 'claude-sonnet-4-6');
      assert.ok(Number(attribute(model, "gen_ai.usage.input_tokens")) > 0);
      assert.ok(Number(attribute(model, 'gen_ai.usage.output_tokens')) > 0);
    }
    assert.deepEqual(models.map((model) => attribute(model, 'gen_ai.response.finish_reasons')).sort(), [['end_turn'], ['tool_use']]);

    const byName = (name: string) => children.find((span) => span.name === name)!;
    const echo = byName('tools/call echo');
    assert.equal(echo.kind, 3);
    assert.equal(attribute(echo, 'mcp.method.name'), 'tools/call');
    assert.equal(attribute(echo, 'gen_ai.tool.name'), 'echo');
    assert.equal(attribute(echo, 'gen_ai.operation.name'), 'execute_tool');
    assert.equal(attribute(echo, 'switchboard.server.name'), 'fx');
    assert.equal(attribute(echo, 'mcp.protocol.version'), '2026-07-28');
    assert.equal(attribute(echo, 'network.transport'), 'pipe');
    assert.equal(attribute(echo, 'error.type'), undefined);
    assert.notEqual(echo.status?.code, 2);

    const failing = byName('tools/call fail');
    assert.equal(attribute(failing, 'switchboard.server.name'), 'old');
    assert.match(String(attribute(failing, 'mcp.protocol.version')), /^2025-/);
    assert.equal(attribute(failing, 'error.type'), 'tool_error');
    assert.equal(failing.status?.code, 2);
    assert.equal(attribute(byName('tools/call slow'), 'error.type'), 'timeout');

    const payload = receiver.bodies.join('\n');
    assert.ok(!payload.includes(ARGUMENT_VALUE), 'an argument value was exported');
    assert.ok(!payload.includes('this tool always fails'), 'a result text was exported');
    assert.ok(!payload.includes('Try the tools'), 'the person’s message was exported');
    assert.ok(!payload.includes('collector-token'), 'a header value was exported');
    assert.ok(receiver.headers.every((headers) => headers.authorization === HEADER_VALUE));

    // The server saw the tool span's context: same trace, the span itself as parent, sampled.
    const modern = metaLines(modernLog).at(-1)!;
    assert.deepEqual(modern, { tool: 'echo', traceparent: `00-${root.traceId}-${echo.spanId}-01` });
    const legacy = metaLines(legacyLog);
    assert.deepEqual(
      legacy.map((line) => line.traceparent).sort(),
      [`00-${root.traceId}-${failing.spanId}-01`, `00-${root.traceId}-${byName('tools/call slow').spanId}-01`].sort(),
    );
  });

  test('an OpenAI turn is a trace of its own, its model requests named after the OpenAI model', async () => {
    const before = new Set(receiver.spans().map((span) => span.traceId));
    openai.script({ blocks: [{ toolUse: { name: 'fx__echo', input: { text: ARGUMENT_VALUE } } }] }, { blocks: [{ text: 'Echoed.' }] });
    const answer = await turn('Echo with OpenAI', 'openai');
    assert.equal(toolCalls(answer)[0]?.status, 'done');
    const spans = await until('the OpenAI trace', () => {
      const fresh = receiver.spans().filter((span) => !before.has(span.traceId));
      return fresh.length === 4 ? fresh : undefined;
    });
    assert.equal(new Set(spans.map((span) => span.traceId)).size, 1);
    const root = spans.find((span) => span.name === 'chat turn')!;
    assert.equal(attribute(root, 'gen_ai.provider.name'), 'openai');
    const models = spans.filter((span) => span.name === 'chat gpt-5');
    assert.equal(models.length, 2);
    for (const model of models) {
      assert.equal(model.parentSpanId, root.spanId);
      assert.equal(attribute(model, 'gen_ai.provider.name'), 'openai');
    }
    const echo = spans.find((span) => span.name === 'tools/call echo')!;
    assert.equal(metaLines(modernLog).at(-1)?.traceparent, `00-${root.traceId}-${echo.spanId}-01`);
    assert.ok(!receiver.bodies.join('\n').includes(ARGUMENT_VALUE));
  });

  test('a call that runs as a task carries the trace context in its tools/call _meta too', async () => {
    const before = new Set(receiver.spans().map((span) => span.traceId));
    anthropic.script({ blocks: [{ toolUse: { name: 'tk__research', input: { topic: ARGUMENT_VALUE, steps: 1, stepMs: 10 } } }] }, { blocks: [{ text: 'Researched.' }] });
    const answer = await turn('Research it');
    assert.equal(toolCalls(answer)[0]?.status, 'done', toolCalls(answer)[0]?.error);
    const research = await until('the research span', () =>
      receiver.spans().find((span) => !before.has(span.traceId) && span.name === 'tools/call research'),
    );
    assert.equal(attribute(research, 'switchboard.server.name'), 'tk');
    assert.match(readFileSync(taskEvents, 'utf8'), new RegExp(`^traceparent task-\\S+ 00-${research.traceId}-${research.spanId}-01$`, 'm'));
    assert.ok(!receiver.bodies.join('\n').includes(ARGUMENT_VALUE));
  });

  test('a collector that refuses the spans is named in Settings, without the header value', async () => {
    const refused = (await host.call('telemetry.update', { endpoint: `${receiver.url}/elsewhere` })) as TelemetrySettings;
    assert.equal(refused.tracesUrl, `${receiver.url}/elsewhere/v1/traces`);
    assert.deepEqual(refused.headerNames, ['Authorization'], 'headers left out of an update stay stored');
    const changed: { lastError?: string }[] = [];
    const off = host.on('telemetry.changed', (state) => changed.push(state));
    anthropic.script({ blocks: [{ text: 'Nobody listens.' }] });
    await turn('Hello?');
    const state = await until('the export failure', () => changed.find((candidate) => candidate.lastError !== undefined));
    off();
    assert.ok(state.lastError && state.lastError.length > 0);
    assert.equal(((await host.call('telemetry.get', {})) as TelemetrySettings).lastError, state.lastError);
    assert.ok(!JSON.stringify(state).includes('collector-token'));
  });

  test('turning it off takes effect at once: the next turn exports nothing and carries no trace context', async () => {
    assert.deepEqual(await host.call('telemetry.update', { endpoint: '', headers: '' }), { headerNames: [] });
    assert.equal(host.telemetry.tracer(), undefined);
    const exported = receiver.bodies.length;
    const taskLines = readFileSync(taskEvents, 'utf8');
    anthropic.script({ blocks: [{ toolUse: { name: 'fx__echo', input: { text: 'after' } } }] }, { blocks: [{ text: 'Done.' }] });
    await turn('Once more');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.bodies.length, exported);
    assert.deepEqual(metaLines(modernLog).at(-1), { tool: 'echo' });
    assert.equal(readFileSync(taskEvents, 'utf8'), taskLines);
  });
});

describe('closing the host', () => {
  test('flushes the spans still waiting for their batch', async () => {
    const receiver = await startReceiver();
    const anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-otel-close-'));
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: {} }));
    try {
      // Set before the start: the stored endpoint is picked up when the host starts.
      let host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent' });
      await host.call('telemetry.update', { endpoint: `${receiver.url}/v1/traces` });
      await host.close();
      // As `switchboard call` starts it: no chat turn, so the exporter is never loaded.
      host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent', traceExport: false });
      assert.equal(host.telemetry.tracer(), undefined);
      await host.close();
      host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent', telemetryBatchDelayMs: 60_000 });
      assert.ok(host.telemetry.tracer(), 'export is on again after a restart');
      await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: ANTHROPIC_KEY });
      await host.call('settings.update', { anthropicBaseURL: anthropic.baseURL, defaultModel: 'claude-sonnet-4-6' });
      anthropic.script({ blocks: [{ text: 'Hello.' }] });
      await host.chat.service.send({ conversationId: host.chat.service.create().id, text: 'Hi' }).done;
      assert.equal(receiver.bodies.length, 0);
      await host.close();
      assert.deepEqual(receiver.spans().map((span) => span.name).sort(), ['chat claude-sonnet-4-6', 'chat turn']);
    } finally {
      await anthropic.close();
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
