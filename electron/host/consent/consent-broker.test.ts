import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ConsentClosedEvent, ConsentRequest } from '../../../shared/consent/consent-types.ts';
import { ConsentBroker } from './consent-broker.ts';
import { launchFingerprint } from './launch-fingerprint.ts';

const NOW = 1_750_000_000_000;

function setup() {
  const events: { event: string; payload: unknown }[] = [];
  let next = 0;
  const broker = new ConsentBroker({
    events: { emit: (event, payload) => void events.push({ event, payload }) },
    now: () => NOW,
    newId: () => `id-${++next}`,
  });
  return {
    broker,
    events,
    opened: () => events.filter((entry) => entry.event === 'consent.opened').map((entry) => entry.payload as ConsentRequest),
    closed: () => events.filter((entry) => entry.event === 'consent.closed').map((entry) => entry.payload as ConsentClosedEvent),
  };
}

/** Lets pending promise callbacks run, so "still waiting" can be told from "resolved". */
function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { promise, settled: () => settled };
}

function hostError(code: string, message: RegExp) {
  return (error: unknown) => error instanceof HostError && error.code === code && message.test(error.message);
}

const tool = { tool: 'write_file', arguments: { path: '/tmp/x', content: 'hi' } };

describe('ConsentBroker: one request', () => {
  it('opens a request with everything the UI needs, lists it, and resolves with the answer', async () => {
    const { broker, opened, closed } = setup();
    const pending = broker.request('tool-approval', 'files', tool, { timeoutMs: 60_000, context: { conversationId: 'c1', toolCallId: 't1' } });

    assert.deepEqual(opened(), [
      {
        id: 'id-2',
        kind: 'tool-approval',
        server: 'files',
        payload: tool,
        createdAt: NOW,
        deadline: NOW + 60_000,
        context: { conversationId: 'c1', toolCallId: 't1' },
      },
    ]);
    assert.deepEqual(broker.open(), opened());

    broker.answer('id-2', { decision: 'allow', arguments: { path: '/tmp/y', content: 'hi' } });
    assert.deepEqual(await pending, { outcome: 'answered', answer: { decision: 'allow', scope: 'once', arguments: { path: '/tmp/y', content: 'hi' } } });
    assert.deepEqual(closed(), [{ id: 'id-2', kind: 'tool-approval', server: 'files', outcome: 'answered' }]);
    assert.deepEqual(broker.open(), []);
  });

  it('has no deadline, server or context unless given', async () => {
    const { broker, opened } = setup();
    void broker.request('open-url', undefined, { url: 'https://example.com/' });
    const [request] = opened();
    assert.equal('deadline' in request, false);
    assert.equal('server' in request, false);
    assert.equal('context' in request, false);
    assert.equal('group' in request, false);
  });

  it('refuses edited tool arguments that do not match the input schema, with the reason, and keeps the request open', async () => {
    const { broker } = setup();
    const inputSchema = { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path'] };
    const pending = tracked(broker.request('tool-approval', 'files', { ...tool, inputSchema }));
    const [{ id }] = broker.open();
    assert.throws(() => broker.answer(id, { decision: 'allow', arguments: { content: 'x' } }), hostError('invalid_params', /edited arguments were not sent: .*required property 'path'/));
    assert.throws(() => broker.answer(id, { decision: 'allow', arguments: { path: 7 } }), hostError('invalid_params', /arguments\/path must be string/));
    await flush();
    assert.equal(pending.settled(), false);
    broker.answer(id, { decision: 'allow', scope: 'once', arguments: { path: '/tmp/y' } });
    assert.deepEqual(await pending.promise, { outcome: 'answered', answer: { decision: 'allow', scope: 'once', arguments: { path: '/tmp/y' } } });
  });

  it('refuses a wrong-shaped answer with a clear error and keeps the request open', async () => {
    const { broker, closed } = setup();
    const pending = tracked(broker.request('tool-approval', 'files', tool));
    const [{ id }] = broker.open();

    assert.throws(() => broker.answer(id, { decision: 'maybe' }), hostError('invalid_params', /Not an answer to a tool-approval request: decision/));
    assert.throws(() => broker.answer(id, { decision: 'allow', scope: 'forever' }), hostError('invalid_params', /scope/));
    assert.throws(() => broker.answer(id, { decision: 'allow', extra: 1 }), hostError('invalid_params', /extra/));
    assert.throws(() => broker.answer(id, { decision: 'allow', arguments: ['a'] }), hostError('invalid_params', /arguments/));
    assert.throws(() => broker.answer(id, undefined), hostError('invalid_params', /tool-approval/));
    // An answer shaped for another kind is wrong for this one.
    assert.throws(() => broker.answer(id, { action: 'accept' }), hostError('invalid_params', /decision/));

    await flush();
    assert.equal(pending.settled(), false);
    assert.equal(broker.open().length, 1);
    assert.deepEqual(closed(), []);

    broker.answer(id, { decision: 'deny', message: 'not now' });
    assert.deepEqual(await pending.promise, { outcome: 'answered', answer: { decision: 'deny', message: 'not now' } });
  });

  it('says clearly when an id is unknown or already closed', async () => {
    const { broker } = setup();
    assert.throws(() => broker.answer('nope', { decision: 'allow' }), hostError('not_found', /There is no open consent request nope/));
    const pending = broker.request('tool-approval', 'files', tool);
    const [{ id }] = broker.open();
    broker.answer(id, { decision: 'allow' });
    await pending;
    assert.throws(() => broker.answer(id, { decision: 'deny' }), hostError('not_found', /already closed \(answered\)/));
  });

  it('keeps several requests open at once, oldest first, each answered on its own', async () => {
    const { broker } = setup();
    const first = broker.request('tool-approval', 'a', tool);
    const second = broker.request('open-url', undefined, { url: 'https://example.com/' });
    const [one, two] = broker.open();
    assert.equal(one.kind, 'tool-approval');
    assert.equal(two.kind, 'open-url');
    broker.answer(two.id, { decision: 'open' });
    assert.deepEqual(await second, { outcome: 'answered', answer: { decision: 'open' } });
    assert.deepEqual(broker.open(), [one]);
    broker.answer(one.id, { decision: 'deny' });
    assert.equal((await first).outcome, 'answered');
  });

  it('keeps its own frozen copy of the payload', async () => {
    const { broker } = setup();
    const args = { path: '/tmp/a' };
    void broker.request('tool-approval', 'files', { tool: 'write', arguments: args });
    args.path = '/etc/passwd';
    const [request] = broker.open();
    assert.equal(request.kind === 'tool-approval' && request.payload.arguments.path, '/tmp/a');
    assert.throws(() => {
      (request.payload as { tool: string }).tool = 'other';
    }, TypeError);
  });

  it('rejects, opening nothing, a payload that is not plain data or a bad timeout', async () => {
    const { broker, opened } = setup();
    await assert.rejects(broker.request('tool-approval', 'x', { tool: 't', arguments: { fn: () => 1 } }), hostError('invalid_params', /cannot be shown/));
    await assert.rejects(broker.request('tool-approval', 'x', tool, { timeoutMs: 0 }), RangeError);
    await assert.rejects(broker.request('tool-approval', 'x', tool, { timeoutMs: Number.NaN }), RangeError);
    assert.deepEqual(opened(), []);
  });

  it('lets a listener answer from inside the opened event', async () => {
    const closedEvents: string[] = [];
    const broker: ConsentBroker = new ConsentBroker({
      events: {
        emit(event, payload) {
          if (event === 'consent.opened') broker.answer((payload as ConsentRequest).id, { decision: 'allow', scope: 'always' });
          else closedEvents.push((payload as ConsentClosedEvent).outcome);
        },
      },
    });
    assert.deepEqual(await broker.request('tool-approval', 'x', tool), { outcome: 'answered', answer: { decision: 'allow', scope: 'always' } });
    assert.deepEqual(closedEvents, ['answered']);
    assert.deepEqual(broker.open(), []);
  });
});

describe('ConsentBroker: closing without an answer', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('times out with a typed result and a closed event', async () => {
    const { broker, closed } = setup();
    const pending = tracked(broker.request('tool-approval', 'files', tool, { timeoutMs: 5_000 }));
    mock.timers.tick(4_999);
    await flush();
    assert.equal(pending.settled(), false);
    mock.timers.tick(1);
    assert.deepEqual(await pending.promise, { outcome: 'timeout', reason: 'No answer within 5 seconds' });
    assert.deepEqual(closed(), [{ id: 'id-2', kind: 'tool-approval', server: 'files', outcome: 'timeout', reason: 'No answer within 5 seconds' }]);
    assert.deepEqual(broker.open(), []);
    assert.throws(() => broker.answer('id-2', { decision: 'allow' }), hostError('not_found', /already closed \(timeout: No answer within 5 seconds\)/));
  });

  it('an answer in time stops the timer', async () => {
    const { broker, closed } = setup();
    const pending = broker.request('tool-approval', 'files', tool, { timeoutMs: 5_000 });
    broker.answer(broker.open()[0].id, { decision: 'allow' });
    assert.equal((await pending).outcome, 'answered');
    mock.timers.tick(10_000);
    assert.deepEqual(
      closed().map((event) => event.outcome),
      ['answered'],
    );
  });

  it('closes as cancelled when the signal aborts, with its reason', async () => {
    const { broker, closed } = setup();
    const controller = new AbortController();
    const pending = broker.request('elicitation-url', 'pay', { message: 'Pay', url: 'https://pay.example.com/' }, { signal: controller.signal });
    controller.abort('The server cancelled the request');
    assert.deepEqual(await pending, { outcome: 'cancelled', reason: 'The server cancelled the request' });
    assert.equal(closed()[0].outcome, 'cancelled');
    assert.deepEqual(broker.open(), []);
  });

  it('reads an Error reason, and a TimeoutError as a timeout', async () => {
    const { broker } = setup();
    const stopped = new AbortController();
    const first = broker.request('tool-approval', 'x', tool, { signal: stopped.signal });
    stopped.abort(new Error('The person stopped the turn'));
    assert.deepEqual(await first, { outcome: 'cancelled', reason: 'The person stopped the turn' });

    const timedOut = new AbortController();
    const second = broker.request('tool-approval', 'x', tool, { signal: timedOut.signal });
    timedOut.abort(new DOMException('The call timed out', 'TimeoutError'));
    assert.deepEqual(await second, { outcome: 'timeout', reason: 'The call timed out' });
  });

  it('does not open a request whose signal has already aborted', async () => {
    const { broker, opened } = setup();
    const result = await broker.request('tool-approval', 'x', tool, { signal: AbortSignal.abort('gone') });
    assert.deepEqual(result, { outcome: 'cancelled', reason: 'gone' });
    assert.deepEqual(opened(), []);
  });

  it('closes everything a server asked when it goes away, and nothing else', async () => {
    const { broker, closed } = setup();
    const a1 = broker.request('tool-approval', 'a', tool);
    const a2 = broker.request('elicitation-url', 'a', { message: 'm', url: 'https://a.example/' });
    const b = tracked(broker.request('tool-approval', 'b', tool));
    assert.equal(broker.closeForServer('a', 'a crashed (exit code 1)'), 2);
    assert.deepEqual(await a1, { outcome: 'server-gone', reason: 'a crashed (exit code 1)' });
    assert.deepEqual(await a2, { outcome: 'server-gone', reason: 'a crashed (exit code 1)' });
    await flush();
    assert.equal(b.settled(), false);
    assert.deepEqual(
      broker.open().map((request) => request.server),
      ['b'],
    );
    assert.deepEqual(
      closed().map((event) => [event.server, event.outcome]),
      [
        ['a', 'server-gone'],
        ['a', 'server-gone'],
      ],
    );
    assert.equal(broker.closeForServer('a'), 0);
  });

  it('cancel and closeAll close with cancelled', async () => {
    const { broker } = setup();
    const one = broker.request('tool-approval', 'a', tool);
    const two = broker.request('tool-approval', 'b', tool);
    assert.equal(broker.cancel(broker.open()[0].id, 'stopped'), true);
    assert.deepEqual(await one, { outcome: 'cancelled', reason: 'stopped' });
    assert.equal(broker.cancel('unknown'), false);
    broker.closeAll();
    assert.deepEqual(await two, { outcome: 'cancelled', reason: 'Switchboard is shutting down' });
  });
});

describe('ConsentBroker: groups (one MRTR round)', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  const form = { message: 'Who are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } };

  it('opens every input with the same group id and resolves when all are answered, in order', async () => {
    const { broker, opened } = setup();
    const pending = tracked(
      broker.requestGroup(
        [
          { kind: 'elicitation-form', server: 's', payload: form },
          { kind: 'tool-approval', server: 's', payload: tool },
        ] as const,
        { context: { turnId: 'turn-1' } },
      ),
    );
    const requests = opened();
    assert.equal(requests.length, 2);
    assert.deepEqual(
      requests.map((request) => request.group),
      [
        { id: 'id-1', index: 0, size: 2 },
        { id: 'id-1', index: 1, size: 2 },
      ],
    );
    assert.deepEqual(
      requests.map((request) => request.context),
      [{ turnId: 'turn-1' }, { turnId: 'turn-1' }],
    );

    broker.answer(requests[1].id, { decision: 'allow' });
    await flush();
    assert.equal(pending.settled(), false);
    assert.throws(() => broker.answer(requests[0].id, { action: 'accept', content: {} }), hostError('invalid_params', /name: This field is required/));
    broker.answer(requests[0].id, { action: 'accept', content: { name: 'Ada' } });

    const result = await pending.promise;
    assert.deepEqual(result, {
      outcome: 'answered',
      answers: [
        { action: 'accept', content: { name: 'Ada' } },
        { decision: 'allow', scope: 'once' },
      ],
    });
  });

  it('closes the whole group when it times out, even after some answers', async () => {
    const { broker, closed } = setup();
    const pending = broker.requestGroup(
      [
        { kind: 'tool-approval', server: 's', payload: tool },
        { kind: 'tool-approval', server: 's', payload: tool },
      ],
      { timeoutMs: 30_000 },
    );
    broker.answer(broker.open()[0].id, { decision: 'allow' });
    mock.timers.tick(30_000);
    assert.deepEqual(await pending, { outcome: 'timeout', reason: 'No answer within 30 seconds' });
    assert.deepEqual(
      closed().map((event) => [event.outcome, event.groupId]),
      [
        ['answered', 'id-1'],
        ['timeout', 'id-1'],
      ],
    );
  });

  it('closes the rest of the group when one input is cancelled or its server goes away', async () => {
    const { broker } = setup();
    const cancelled = broker.requestGroup([
      { kind: 'tool-approval', server: 's', payload: tool },
      { kind: 'tool-approval', server: 's', payload: tool },
    ]);
    broker.cancel(broker.open()[1].id, 'stopped');
    assert.deepEqual(await cancelled, { outcome: 'cancelled', reason: 'stopped' });
    assert.deepEqual(broker.open(), []);

    const gone = broker.requestGroup([
      { kind: 'tool-approval', server: 's', payload: tool },
      { kind: 'open-url', payload: { url: 'https://example.com/' } },
    ]);
    assert.equal(broker.closeForServer('s'), 2);
    assert.deepEqual(await gone, { outcome: 'server-gone', reason: 's disconnected' });
  });

  it('opens nothing when one input cannot be shown', async () => {
    const { broker, opened } = setup();
    await assert.rejects(
      broker.requestGroup([
        { kind: 'tool-approval', server: 's', payload: tool },
        { kind: 'elicitation-form', server: 's', payload: { message: 'x', requestedSchema: { type: 'array' } } },
      ]),
      hostError('invalid_params', /This form cannot be shown: the requested schema must have "type": "object"/),
    );
    assert.deepEqual(opened(), []);
    assert.deepEqual(broker.open(), []);
  });

  it('an empty group is answered at once', async () => {
    const { broker } = setup();
    assert.deepEqual(await broker.requestGroup([]), { outcome: 'answered', answers: [] });
  });
});

describe('ConsentBroker: kind-specific checks', () => {
  it('elicitation-form: shows parsed fields and the secret warning, coerces accepted values', async () => {
    const { broker, opened } = setup();
    const pending = broker.request('elicitation-form', 's', {
      message: 'Enter your API key and age',
      requestedSchema: { type: 'object', properties: { apiKey: { type: 'string' }, age: { type: 'integer', minimum: 0 } }, required: ['apiKey'] },
    });
    const [request] = opened();
    assert.ok(request.kind === 'elicitation-form');
    assert.deepEqual(
      request.payload.fields.map((field) => [field.name, field.kind]),
      [
        ['apiKey', 'text'],
        ['age', 'number'],
      ],
    );
    assert.deepEqual(request.payload.sensitive, ['an API key']);

    assert.throws(() => broker.answer(request.id, { action: 'accept', content: { apiKey: 'k', age: 'old' } }), hostError('invalid_params', /age: Enter a whole number/));
    broker.answer(request.id, { action: 'accept', content: { apiKey: 'k', age: '42', injected: 'x' } });
    assert.deepEqual(await pending, { outcome: 'answered', answer: { action: 'accept', content: { apiKey: 'k', age: 42 } } });
  });

  it('elicitation-form: decline and cancel need no content', async () => {
    const { broker } = setup();
    const pending = broker.request('elicitation-form', 's', { message: 'x', requestedSchema: { type: 'object', properties: {} } });
    assert.throws(() => broker.answer(broker.open()[0].id, { action: 'decline', content: {} }), hostError('invalid_params', /content/));
    broker.answer(broker.open()[0].id, { action: 'decline' });
    assert.deepEqual(await pending, { outcome: 'answered', answer: { action: 'decline' } });
  });

  it('elicitation-url: carries the URL analysis and refuses to accept a blocked URL', async () => {
    const { broker, opened } = setup();
    const pending = broker.request('elicitation-url', 's', { message: 'Open this', url: 'javascript:alert(1)', elicitationId: 'e1' });
    const [request] = opened();
    assert.ok(request.kind === 'elicitation-url');
    assert.equal(request.payload.analysis.ok, false);
    assert.equal(request.payload.elicitationId, 'e1');
    assert.throws(() => broker.answer(request.id, { action: 'accept' }), hostError('invalid_params', /cannot be opened \(javascript: addresses run code/));
    broker.answer(request.id, { action: 'decline' });
    assert.deepEqual(await pending, { outcome: 'answered', answer: { action: 'decline' } });

    const ok = broker.request('elicitation-url', 's', { message: 'Sign in', url: 'https://gіthub.com/login' });
    const [, second] = opened();
    assert.ok(second.kind === 'elicitation-url');
    assert.ok(second.payload.analysis.warnings.some((warning) => warning.code === 'mixed-script'));
    broker.answer(second.id, { action: 'accept' });
    assert.deepEqual(await ok, { outcome: 'answered', answer: { action: 'accept' } });
  });

  it('open-url: opens an allowed URL, never a blocked one', async () => {
    const { broker } = setup();
    const blocked = broker.request('open-url', undefined, { url: 'file:///etc/passwd', source: 'a link in a tool result' });
    assert.throws(() => broker.answer(broker.open()[0].id, { decision: 'open' }), hostError('invalid_params', /cannot be opened/));
    broker.answer(broker.open()[0].id, { decision: 'cancel' });
    assert.deepEqual(await blocked, { outcome: 'answered', answer: { decision: 'cancel' } });
  });

  it('server-trust: shows the review and fingerprint, never env values, and says when the launch changed', async () => {
    const { broker, opened } = setup();
    const config = { command: 'npx', args: ['-y', 'some-server'], env: { GITHUB_TOKEN: 'ghp_very_secret' } };
    const pending = broker.request('server-trust', 'gh', { config, previousFingerprint: 'old' });
    const [request] = opened();
    assert.ok(request.kind === 'server-trust');
    assert.equal(request.payload.fingerprint, launchFingerprint(config));
    assert.equal(request.payload.changed, true);
    assert.ok(request.payload.review.transport === 'stdio');
    assert.deepEqual(request.payload.review.envKeys, ['GITHUB_TOKEN']);
    assert.ok(!JSON.stringify(broker.open()).includes('ghp_very_secret'));
    broker.answer(request.id, { decision: 'trust' });
    assert.deepEqual(await pending, { outcome: 'answered', answer: { decision: 'trust', remember: true } });

    void broker.request('server-trust', 'gh', { config, previousFingerprint: launchFingerprint(config) });
    void broker.request('server-trust', 'gh', { config });
    const [, same, fresh] = opened();
    assert.equal(same.kind === 'server-trust' && same.payload.changed, false);
    assert.equal(fresh.kind === 'server-trust' && fresh.payload.changed, false);
  });

  it('sampling: edits must fit the stage being reviewed', async () => {
    const { broker } = setup();
    const request = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Summarise' } }], maxTokens: 100 };
    const first = broker.request('sampling', 's', { stage: 'request', request });
    const firstId = broker.open()[0].id;
    assert.throws(() => broker.answer(firstId, { action: 'approve', edits: { responseText: 'x' } }), hostError('invalid_params', /no response to edit yet/));
    broker.answer(firstId, { action: 'approve', edits: { systemPrompt: 'Be brief', maxTokens: 50 } });
    assert.deepEqual(await first, { outcome: 'answered', answer: { action: 'approve', edits: { systemPrompt: 'Be brief', maxTokens: 50 } } });

    const response = { model: 'm', role: 'assistant' as const, content: { type: 'text' as const, text: 'A summary' } };
    const second = broker.request('sampling', 's', { stage: 'response', request, response });
    const secondId = broker.open()[0].id;
    assert.throws(() => broker.answer(secondId, { action: 'approve', edits: { maxTokens: 5 } }), hostError('invalid_params', /already sent/));
    broker.answer(secondId, { action: 'approve', edits: { responseText: 'A shorter summary' } });
    assert.equal((await second).outcome, 'answered');

    const image = { model: 'm', role: 'assistant' as const, content: { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' } };
    void broker.request('sampling', 's', { stage: 'response', request, response: image });
    assert.throws(() => broker.answer(broker.open()[0].id, { action: 'approve', edits: { responseText: 'x' } }), hostError('invalid_params', /is image, with no text to edit/));
  });
});
