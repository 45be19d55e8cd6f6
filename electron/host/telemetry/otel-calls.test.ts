import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage, ToolCallBlock } from '../../../shared/chat/chat-types.ts';
import type { ToolCallOutcome } from '../../../shared/servers/server-state.ts';
import { startFakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import type { FakeAnthropic } from '../../../tests/fixtures/fake-llm/anthropic.ts';
import { fixtureStdio } from '../../../tests/fixtures/servers/launch.ts';
import { Host } from '../host.ts';
import { attribute, metaLines, startReceiver, until } from './test-support/otlp-receiver.ts';
import type { OtlpSpan } from './test-support/otlp-receiver.ts';

const ANTHROPIC_KEY = 'sk-ant-otel-calls-1a2b3c';
const ARGUMENT_VALUE = 'argument-value-that-must-not-be-exported';
const DENIAL_REASON = 'denial-reason-that-must-not-be-exported';
const SAMPLED_TEXT = 'sampled-answer-that-must-not-be-exported';

const CLIENT = 3;
const INTERNAL = 1;
const SERVER = 2;

function toolCalls(message: ChatMessage): ToolCallBlock[] {
  return message.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');
}

// Every tool call on the record: Run tool's and an app's calls are traces of their own, a denied call is a span
// that never reached the server, and a server's sampling request is a span with its model request under it.
describe('OpenTelemetry export of calls outside a turn, denied calls and sampling requests', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let anthropic: FakeAnthropic;
  let host: Host;
  let dataDir: string;
  let modernLog: string;
  let legacyLog: string;
  let sampling: 'approve' | 'decline' = 'approve';

  before(async () => {
    receiver = await startReceiver();
    anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-otel-calls-'));
    modernLog = path.join(dataDir, 'modern-meta.jsonl');
    legacyLog = path.join(dataDir, 'legacy-meta.jsonl');
    const configPath = path.join(dataDir, 'mcp.json');
    writeFileSync(
      configPath,
      JSON.stringify({ mcpServers: { fx: fixtureStdio('modern', ['--meta-log', modernLog]), old: fixtureStdio('legacy', ['--meta-log', legacyLog]) } }),
    );
    host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent', telemetryBatchDelayMs: 50 });
    const states = await host.servers.settled(30_000);
    assert.deepEqual(states.map((state) => [state.name, state.status]).sort(), [['fx', 'connected'], ['old', 'connected']]);
    await host.call('settings.setApiKey', { provider: 'anthropic', apiKey: ANTHROPIC_KEY });
    await host.call('settings.update', { anthropicBaseURL: anthropic.baseURL, defaultModel: 'claude-sonnet-4-6' });
    host.chat.approver.policy = () => ({ allow: true });
    // The person's side of sampling: both reviews (the prompt, then the answer) answered as the test says.
    host.on('consent.opened', (request) => {
      if (request.kind === 'sampling') host.consent.answer(request.id, { action: sampling });
    });
  });

  after(async () => {
    await host?.close();
    await anthropic?.close();
    await receiver?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function runTool(server: string, tool: string, args: Record<string, unknown>): Promise<ToolCallOutcome> {
    return host.call('tools.call', { server, tool, arguments: args, callId: `run-${tool}` }) as Promise<ToolCallOutcome>;
  }

  /** The spans of traces not seen before `seen`, once there are `count` of them. */
  async function freshSpans(seen: Set<string>, count: number, what: string): Promise<OtlpSpan[]> {
    return until(what, () => {
      const fresh = receiver.spans().filter((span) => !seen.has(span.traceId));
      return fresh.length >= count ? fresh : undefined;
    });
  }

  function seenTraces(): Set<string> {
    return new Set(receiver.spans().map((span) => span.traceId));
  }

  function assertNothingSecret(): void {
    const payload = receiver.bodies.join('\n');
    for (const secret of [ARGUMENT_VALUE, DENIAL_REASON, SAMPLED_TEXT]) assert.ok(!payload.includes(secret), `${secret} was exported`);
  }

  test('while export is off, Run tool and app calls carry no trace context', async () => {
    await runTool('fx', 'echo', { text: 'untraced' });
    await host.call('apps.callTool', { server: 'fx', tool: 'echo', arguments: { text: 'untraced' }, app: { tool: 'echo' } });
    assert.deepEqual(metaLines(modernLog), [{ tool: 'echo' }, { tool: 'echo' }]);
    await host.call('telemetry.update', { endpoint: receiver.url });
    assert.equal(receiver.bodies.length, 0);
  });

  test('a Run tool call is a trace of its own: a tools/call root span, its context in the request _meta', async () => {
    const seen = seenTraces();
    const outcome = await runTool('fx', 'echo', { text: ARGUMENT_VALUE });
    assert.equal(outcome.result.isError, undefined);
    const [span] = await freshSpans(seen, 1, 'the Run tool span');
    assert.equal(span.name, 'tools/call echo');
    assert.equal(span.parentSpanId || undefined, undefined);
    assert.equal(span.kind, CLIENT);
    assert.equal(attribute(span, 'switchboard.call.source'), 'run-tool');
    assert.equal(attribute(span, 'mcp.method.name'), 'tools/call');
    assert.equal(attribute(span, 'gen_ai.operation.name'), 'execute_tool');
    assert.equal(attribute(span, 'gen_ai.tool.name'), 'echo');
    assert.equal(attribute(span, 'switchboard.server.name'), 'fx');
    assert.equal(attribute(span, 'mcp.protocol.version'), '2026-07-28');
    assert.equal(attribute(span, 'network.transport'), 'pipe');
    assert.equal(attribute(span, 'gen_ai.conversation.id'), undefined);
    assert.equal(attribute(span, 'error.type'), undefined);
    assert.deepEqual(metaLines(modernLog).at(-1), { tool: 'echo', traceparent: `00-${span.traceId}-${span.spanId}-01` });

    const failSeen = seenTraces();
    await runTool('old', 'fail', {});
    const [failing] = await freshSpans(failSeen, 1, 'the failing Run tool span');
    assert.equal(failing.name, 'tools/call fail');
    assert.equal(attribute(failing, 'switchboard.call.source'), 'run-tool');
    assert.match(String(attribute(failing, 'mcp.protocol.version')), /^2025-/);
    assert.equal(attribute(failing, 'error.type'), 'tool_error');
    assert.equal(failing.status?.code, 2);
    assert.deepEqual(metaLines(legacyLog).at(-1), { tool: 'fail', traceparent: `00-${failing.traceId}-${failing.spanId}-01` });
    assertNothingSecret();
  });

  test("an app's call is a trace of its own with its conversation; a denied one never reaches the server", async () => {
    const seen = seenTraces();
    const result = await host.call('apps.callTool', {
      server: 'fx',
      tool: 'echo',
      arguments: { text: ARGUMENT_VALUE },
      app: { tool: 'echo', conversationId: 'conversation-of-the-app', toolCallId: 'toolu_app' },
    });
    assert.equal((result as { isError?: boolean }).isError, undefined);
    const [span] = await freshSpans(seen, 1, 'the app call span');
    assert.equal(span.name, 'tools/call echo');
    assert.equal(span.parentSpanId || undefined, undefined);
    assert.equal(span.kind, CLIENT);
    assert.equal(attribute(span, 'switchboard.call.source'), 'app');
    assert.equal(attribute(span, 'switchboard.app.tool'), 'echo');
    assert.equal(attribute(span, 'gen_ai.conversation.id'), 'conversation-of-the-app');
    assert.equal(attribute(span, 'mcp.method.name'), 'tools/call');
    assert.equal(attribute(span, 'gen_ai.tool.name'), 'echo');
    assert.equal(attribute(span, 'switchboard.server.name'), 'fx');
    assert.equal(attribute(span, 'mcp.protocol.version'), '2026-07-28');
    assert.deepEqual(metaLines(modernLog).at(-1), { tool: 'echo', traceparent: `00-${span.traceId}-${span.spanId}-01` });

    const deniedSeen = seenTraces();
    const calls = metaLines(modernLog).length;
    host.chat.approver.policy = () => ({ allow: false, reason: DENIAL_REASON });
    try {
      const refused = await host.call('apps.callTool', { server: 'fx', tool: 'add', arguments: { a: 1, b: 2 }, app: { tool: 'echo' } });
      assert.equal((refused as { isError?: boolean }).isError, true);
    } finally {
      host.chat.approver.policy = () => ({ allow: true });
    }
    const [denied] = await freshSpans(deniedSeen, 1, 'the denied app call span');
    assert.equal(denied.name, 'tools/call add');
    assert.equal(denied.kind, INTERNAL);
    assert.equal(attribute(denied, 'switchboard.call.source'), 'app');
    assert.equal(attribute(denied, 'error.type'), 'denied');
    assert.equal(attribute(denied, 'switchboard.approval.via'), 'policy');
    assert.equal(denied.status?.code, 2);
    assert.equal(metaLines(modernLog).length, calls, 'the server never heard of the denied call');
    assertNothingSecret();
  });

  test('a call denied in a turn is a span of the turn with error.type denied, and the server hears nothing', async () => {
    host.chat.approver.policy = (question) => (question.tool.name === 'add' ? { allow: false, reason: DENIAL_REASON } : { allow: true });
    const calls = metaLines(modernLog).length;
    let answer: ChatMessage;
    try {
      anthropic.script(
        { blocks: [{ toolUse: { name: 'fx__echo', input: { text: ARGUMENT_VALUE } } }, { toolUse: { name: 'fx__add', input: { a: 40, b: 2 } } }] },
        { blocks: [{ text: 'One was denied.' }] },
      );
      answer = await host.chat.service.send({ conversationId: host.chat.service.create().id, text: 'Echo and add' }).done;
    } finally {
      host.chat.approver.policy = () => ({ allow: true });
    }
    assert.deepEqual(toolCalls(answer).map((call) => [call.tool, call.status]), [['echo', 'done'], ['add', 'denied']]);
    const root = await until('the turn span', () =>
      receiver.spans().find((span) => span.name === 'chat turn' && attribute(span, 'gen_ai.conversation.id') === answer.conversationId),
    );
    const inTrace = await until('every span of the turn', () => {
      const all = receiver.spans().filter((span) => span.traceId === root.traceId);
      return all.length === 5 ? all : undefined;
    });
    assert.deepEqual(inTrace.map((span) => span.name).sort(), ['chat claude-sonnet-4-6', 'chat claude-sonnet-4-6', 'chat turn', 'tools/call add', 'tools/call echo']);
    const denied = inTrace.find((span) => span.name === 'tools/call add')!;
    assert.equal(denied.parentSpanId, root.spanId);
    assert.equal(denied.kind, INTERNAL);
    assert.equal(attribute(denied, 'error.type'), 'denied');
    assert.equal(attribute(denied, 'switchboard.approval.via'), 'policy');
    assert.equal(attribute(denied, 'mcp.method.name'), 'tools/call');
    assert.equal(attribute(denied, 'gen_ai.tool.name'), 'add');
    assert.equal(attribute(denied, 'switchboard.server.name'), 'fx');
    assert.equal(attribute(denied, 'gen_ai.conversation.id'), answer.conversationId);
    assert.equal(attribute(denied, 'gen_ai.tool.call.id'), toolCalls(answer)[1].id);
    assert.equal(denied.status?.code, 2);
    const echo = inTrace.find((span) => span.name === 'tools/call echo')!;
    assert.equal(attribute(echo, 'error.type'), undefined);
    assert.deepEqual(metaLines(modernLog).slice(calls), [{ tool: 'echo', traceparent: `00-${root.traceId}-${echo.spanId}-01` }]);
    assertNothingSecret();
  });

  test("a sampling request during a turn's call joins that call's trace: sampling/createMessage, then chat {model}", async () => {
    sampling = 'approve';
    anthropic.script(
      { blocks: [{ toolUse: { name: 'old__sample', input: { prompt: ARGUMENT_VALUE } } }] },
      { blocks: [{ text: SAMPLED_TEXT }] },
      { blocks: [{ text: 'Sampled.' }] },
    );
    const answer = await host.chat.service.send({ conversationId: host.chat.service.create().id, text: 'Ask the server to sample' }).done;
    assert.equal(toolCalls(answer)[0]?.status, 'done', toolCalls(answer)[0]?.error);
    const root = await until('the turn span', () =>
      receiver.spans().find((span) => span.name === 'chat turn' && attribute(span, 'gen_ai.conversation.id') === answer.conversationId),
    );
    const inTrace = await until('every span of the turn', () => {
      const all = receiver.spans().filter((span) => span.traceId === root.traceId);
      return all.length === 6 ? all : undefined;
    });
    const call = inTrace.find((span) => span.name === 'tools/call sample')!;
    assert.equal(call.parentSpanId, root.spanId);
    const request = inTrace.find((span) => span.name === 'sampling/createMessage')!;
    assert.equal(request.parentSpanId, call.spanId, 'the request is a child of the call it arrived during');
    assert.equal(request.kind, SERVER);
    assert.equal(attribute(request, 'mcp.method.name'), 'sampling/createMessage');
    assert.equal(attribute(request, 'switchboard.server.name'), 'old');
    assert.match(String(attribute(request, 'mcp.protocol.version')), /^2025-/);
    assert.equal(attribute(request, 'gen_ai.conversation.id'), answer.conversationId);
    assert.equal(attribute(request, 'error.type'), undefined);
    const models = inTrace.filter((span) => span.name === 'chat claude-sonnet-4-6');
    assert.equal(models.length, 3);
    const sampled = models.find((span) => span.parentSpanId === request.spanId);
    assert.ok(sampled, 'the model request of the sampling is under it');
    assert.equal(sampled.kind, CLIENT);
    assert.equal(attribute(sampled, 'gen_ai.operation.name'), 'chat');
    assert.equal(attribute(sampled, 'gen_ai.provider.name'), 'anthropic');
    assert.equal(attribute(sampled, 'switchboard.server.name'), 'old');
    assert.ok(Number(attribute(sampled, 'gen_ai.usage.output_tokens')) > 0);
    assert.equal(models.filter((span) => span.parentSpanId === root.spanId).length, 2);
    assertNothingSecret();
  });

  test('a sampling request during a Run tool call is a trace of its own; a declined one carries the refusal code', async () => {
    sampling = 'approve';
    const seen = seenTraces();
    anthropic.script({ blocks: [{ text: SAMPLED_TEXT }] });
    await runTool('fx', 'sample', { prompt: ARGUMENT_VALUE });
    const spans = await freshSpans(seen, 3, 'the Run tool and sampling spans');
    const call = spans.find((span) => span.name === 'tools/call sample')!;
    assert.equal(attribute(call, 'switchboard.call.source'), 'run-tool');
    const request = spans.find((span) => span.name === 'sampling/createMessage')!;
    assert.equal(request.parentSpanId || undefined, undefined);
    assert.notEqual(request.traceId, call.traceId);
    assert.equal(attribute(request, 'switchboard.server.name'), 'fx');
    assert.equal(attribute(request, 'mcp.protocol.version'), '2026-07-28');
    const sampled = spans.find((span) => span.name === 'chat claude-sonnet-4-6')!;
    assert.equal(sampled.parentSpanId, request.spanId);
    assert.equal(attribute(sampled, 'switchboard.server.name'), 'fx');

    sampling = 'decline';
    const declinedSeen = seenTraces();
    const requests = anthropic.messageRequests.length;
    await runTool('fx', 'sample', { prompt: ARGUMENT_VALUE }).catch(() => undefined);
    const declined = await until('the declined request span', () =>
      receiver.spans().find((span) => !declinedSeen.has(span.traceId) && span.name === 'sampling/createMessage'),
    );
    assert.equal(attribute(declined, 'error.type'), '-1');
    assert.equal(attribute(declined, 'rpc.response.status_code'), '-1');
    assert.equal(declined.status?.code, 2);
    assert.equal(anthropic.messageRequests.length, requests, 'nothing reached the model');
    assert.ok(!receiver.spans().some((span) => span.parentSpanId === declined.spanId));
    assertNothingSecret();
  });
});

describe('switchboard call', () => {
  const bin = fileURLToPath(new URL('../../../bin/switchboard.mjs', import.meta.url));

  /** Runs the CLI from its sources with a resolve hook that notes each `@opentelemetry/*` module it asks for. */
  function runSwitchboard(args: string[], hook: string, moduleLog: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, SWITCHBOARD_FROM_SOURCES: '1', SB_TEST_MODULE_LOG: moduleLog };
      delete env.SWITCHBOARD_DEBUG;
      const child = spawn(process.execPath, ['--import', hook, bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  test('with export on it loads no OpenTelemetry module, exports nothing and sends no trace context', async () => {
    const receiver = await startReceiver();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-otel-cli-'));
    try {
      const metaLog = path.join(dataDir, 'meta.jsonl');
      const moduleLog = path.join(dataDir, 'modules.log');
      const hook = path.join(dataDir, 'note-otel.mjs');
      writeFileSync(
        hook,
        [
          "import { registerHooks } from 'node:module';",
          "import { appendFileSync } from 'node:fs';",
          'registerHooks({ resolve(specifier, context, next) {',
          "  if (specifier.startsWith('@opentelemetry/')) appendFileSync(process.env.SB_TEST_MODULE_LOG, specifier + '\\n');",
          '  return next(specifier, context);',
          '} });',
        ].join('\n'),
      );
      const configPath = path.join(dataDir, 'mcp.json');
      writeFileSync(configPath, JSON.stringify({ mcpServers: { fx: fixtureStdio('modern', ['--meta-log', metaLog]) } }));
      const host = await Host.start({ dataDir, configPath, serverTrust: 'config-is-consent', autoStart: false });
      await host.call('telemetry.update', { endpoint: receiver.url });
      await host.close();

      // The control: a command that may run a chat turn loads the exporter once an endpoint is set.
      const listed = await runSwitchboard(['servers', '--config', configPath, '--data-dir', dataDir], hook, moduleLog);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(readFileSync(moduleLog, 'utf8'), /@opentelemetry\/sdk-trace/);
      rmSync(moduleLog);

      const called = await runSwitchboard(['call', '--config', configPath, '--data-dir', dataDir, 'fx', 'echo', '--args', JSON.stringify({ text: ARGUMENT_VALUE })], hook, moduleLog);
      assert.equal(called.code, 0, called.stderr);
      assert.equal(called.stdout, `${ARGUMENT_VALUE}\n`);
      assert.equal(existsSync(moduleLog), false, existsSync(moduleLog) ? readFileSync(moduleLog, 'utf8') : '');
      assert.deepEqual(metaLines(metaLog), [{ tool: 'echo' }]);
      assert.equal(receiver.bodies.length, 0);
    } finally {
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
