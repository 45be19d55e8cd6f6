import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startHttpFixture } from '../fixtures/servers/launch.ts';
import type { HttpFixture } from '../fixtures/servers/launch.ts';
import { echoed, startHumanHost } from '../../electron/host/human/test-support/human-host.ts';
import type { HumanHost } from '../../electron/host/human/test-support/human-host.ts';
import { waitUntil } from '../../electron/host/servers/test-support/manager-harness.ts';
import { findNginx, startNginxGateway } from './nginx-gateway.ts';
import type { AccessLine, NginxGateway } from './nginx-gateway.ts';

const LIST_TTL_MS = 5_000;
const nginx = findNginx();

interface Instance {
  name: string;
  fixture: HttpFixture;
  /** `<method> <Mcp-Name>` of every request the instance was sent. */
  requests: string[];
}

async function startInstance(name: string, key: string): Promise<Instance> {
  const fixture = await startHttpFixture('scale-out', ['--instance', name, '--list-ttl-ms', String(LIST_TTL_MS)], { env: { SCALE_OUT_STATE_KEY: key } });
  const requests: string[] = [];
  let pending = '';
  fixture.child.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^request \S+ (\S+ \S+)$/.exec(line);
      if (match) requests.push(match[1]);
    }
  });
  return { name, fixture, requests };
}

/** The upstream that finally answered: nginx lists every one it tried, comma-separated. */
const answeredBy = (line: AccessLine) => line.upstream.split(', ').at(-1) ?? '';
const lists = (instances: Instance[]) => instances.flatMap((instance) => instance.requests).filter((request) => request.startsWith('tools/list ')).length;

test(
  'two stateless 2026-07-28 instances behind nginx: calls spread, lists cached for ttlMs, elicitation retries cross over, listen survives',
  { timeout: 120_000, skip: nginx ? false : 'nginx is not installed (apt-get install nginx; .ci/run does it)' },
  async (t) => {
    const key = randomBytes(32).toString('hex');
    const instances: Instance[] = [];
    const opened: { gateway?: NginxGateway; host?: HumanHost } = {};
    // The host goes first, so it never sees its servers vanish while closing.
    t.after(async () => {
      await opened.host?.close();
      await opened.gateway?.close();
      await Promise.all(instances.map((instance) => instance.fixture.close()));
    });
    for (const name of ['a', 'b']) instances.push(await startInstance(name, key));
    const gateway = await startNginxGateway(nginx!, instances.map((instance) => instance.fixture.url));
    opened.gateway = gateway;
    const upstreamOf = new Map(instances.map((instance) => [new URL(instance.fixture.url).host, instance.name]));

    const human = await startHumanHost({ gw: { type: 'http', url: gateway.url } });
    opened.host = human;
    const state = await human.serverState('gw', (candidate) => candidate.status !== 'connecting');
    assert.equal(state.status, 'connected', state.reason);
    assert.equal(state.era, 'modern');
    const listedAt = Date.now();
    const listsAtConnect = lists(instances);
    assert.ok(listsAtConnect >= 1, 'the catalog was listed once at connect');

    // Tool calls, with a catalog read before each as a chat turn does; all inside the list's ttlMs.
    const answers: string[] = [];
    let catalogReads = 0;
    // Stops short of the ttl so that a slow machine does not turn the proof into a race.
    for (let i = 0; i < 12 && Date.now() < listedAt + LIST_TTL_MS - 750; i++) {
      assert.deepEqual(human.host.servers.catalog('gw').tools.map((tool) => tool.name).sort(), ['add_tool', 'confirm_order', 'whoami']);
      catalogReads += 1;
      const { result } = await human.host.servers.callTool('gw', 'whoami', {});
      answers.push((result.content[0] as { text: string }).text);
    }
    assert.ok(catalogReads >= 4, `only ${catalogReads} calls fitted inside the ttl`);
    const perInstance = Object.fromEntries(instances.map((instance) => [instance.name, answers.filter((answer) => answer === instance.name).length]));
    assert.ok(perInstance.a > 0 && perInstance.b > 0, `calls spread over both instances: ${JSON.stringify(perInstance)}`);
    assert.equal(lists(instances), listsAtConnect, 'no list request inside ttlMs');

    // Past the ttl, the next read fetches the list again (in the background).
    await new Promise((resolve) => setTimeout(resolve, listedAt + LIST_TTL_MS + 200 - Date.now()));
    human.host.servers.catalog('gw');
    await waitUntil(() => lists(instances) === listsAtConnect + 1, 'the expired list was fetched again');

    // basic/patterns/mrtr: the retry carries the answer and the HMAC-sealed requestState; round robin sends it on.
    const crossings: { mintedBy: string; completedBy: string }[] = [];
    for (let attempt = 0; attempt < 3 && !crossings.some((run) => run.mintedBy !== run.completedBy); attempt++) {
      const call = human.host.servers.callTool('gw', 'confirm_order', { order: `order-${attempt}` });
      const question = await human.nextRequest('elicitation-form');
      assert.equal(question.payload.message, `Confirm order order-${attempt}?`);
      human.host.consent.answer(question.id, { action: 'accept', content: { confirm: true } });
      const done = echoed((await call).result) as { order: string; mintedBy: string; completedBy: string; answer: { action: string } };
      assert.equal(done.order, `order-${attempt}`);
      assert.equal(done.answer.action, 'accept');
      crossings.push({ mintedBy: done.mintedBy, completedBy: done.completedBy });
    }
    assert.ok(
      crossings.some((run) => run.mintedBy !== run.completedBy),
      `an elicitation minted on one instance completed on the other: ${JSON.stringify(crossings)}`,
    );

    // The instance holding subscriptions/listen goes away; the host listens again through nginx, on the other.
    const holder = instances.find((instance) => instance.requests.some((request) => request.startsWith('subscriptions/listen ')));
    assert.ok(holder, 'the host opened a subscriptions/listen stream');
    const survivor = instances.find((instance) => instance !== holder)!;
    const survivorListensBefore = survivor.requests.filter((request) => request.startsWith('subscriptions/listen ')).length;
    const stoppedAt = Date.now();
    await holder.fixture.close();
    await waitUntil(
      () => survivor.requests.filter((request) => request.startsWith('subscriptions/listen ')).length > survivorListensBefore,
      `subscriptions/listen re-established on instance ${survivor.name}`,
      20_000,
    );
    const listenRenewedAfterMs = Date.now() - stoppedAt;
    await human.host.servers.callTool('gw', 'add_tool', { name: 'late_tool' });
    await waitUntil(
      () => human.host.servers.catalog('gw').tools.some((tool) => tool.name === 'late_tool'),
      'the list change arrived on the new stream',
      20_000,
    );

    // Gateways route by Mcp-Method / Mcp-Name (2026-07-28 basic/transports): nginx saw them.
    const log = gateway.accessLog().filter((line) => line.method !== '-');
    assert.ok(log.some((line) => line.method === 'tools/call' && line.name === 'whoami'));
    assert.ok(log.some((line) => line.method === 'tools/call' && line.name === 'confirm_order'));
    assert.ok(log.some((line) => line.method === 'tools/list'));
    assert.ok(log.some((line) => line.method === 'subscriptions/listen'), 'the ended listen stream was logged');
    const byInstance: Record<string, number> = {};
    for (const line of log) {
      const name = upstreamOf.get(answeredBy(line)) ?? answeredBy(line);
      byInstance[name] = (byInstance[name] ?? 0) + 1;
    }
    const figures = {
      whoamiCallsPerInstance: perInstance,
      requestsPerInstanceInNginxLog: byInstance,
      requestsSeenByInstances: Object.fromEntries(instances.map((instance) => [instance.name, instance.requests.length])),
      catalogReadsInsideTtl: catalogReads,
      listRequestsInsideTtl: 0,
      listRequestsSavedByCaching: catalogReads,
      elicitationRuns: crossings,
      listenMovedTo: survivor.name,
      listenRenewedAfterMs,
      nginxLogSample: [...new Set(log.map((line) => `${upstreamOf.get(answeredBy(line)) ?? answeredBy(line)} ${line.status} ${line.method} ${line.name}`))].slice(0, 8),
    };

    // The HMAC is what makes it safe to accept state another instance minted: a retry whose state was edited is refused.
    assert.equal(await retryWithEditedState(gateway.url), 'Invalid or expired requestState');

    t.diagnostic(`scale-out figures ${JSON.stringify(figures)}`);
    console.log('scale-out figures', JSON.stringify(figures, null, 2));
  },
);

/** Asks through the gateway with a plain SDK client in manual mode, then retries with the order in requestState changed. */
async function retryWithEditedState(url: string): Promise<string> {
  const client = new Client(
    { name: 'scale-out-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, inputRequired: { autoFulfill: false }, versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const manual = { allowInputRequired: true } as Parameters<Client['callTool']>[1];
    const asked = (await client.callTool({ name: 'confirm_order', arguments: { order: 'small' } }, manual)) as unknown as { requestState: string };
    const [version, body, mac] = asked.requestState.split('.');
    const sealed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: { order: string } };
    sealed.p.order = 'large';
    const edited = [version, Buffer.from(JSON.stringify(sealed)).toString('base64url'), mac].join('.');
    const retry = {
      name: 'confirm_order',
      arguments: { order: 'small' },
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      requestState: edited,
    } as Parameters<Client['callTool']>[0];
    return await client.callTool(retry, manual).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
  } finally {
    await client.close();
  }
}
