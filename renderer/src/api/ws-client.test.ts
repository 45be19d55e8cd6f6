import { assert, test } from '../test-support/node-test.mjs';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ConnectionState } from './host-connection.ts';
import { WebSocketHostClient } from './ws-client.ts';
import type { AccessVerdict, SocketLike, WebSocketClientOptions } from './ws-client.ts';

interface Sent {
  type: string;
  id: number;
  method: string;
  params: unknown;
}

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Sent[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Sent);
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }
  deliver(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

interface Scheduled {
  fn: () => void;
  done: boolean;
}

function harness(extra: Pick<WebSocketClientOptions, 'protocols' | 'checkAccess'> = {}) {
  const sockets: FakeSocket[] = [];
  const offered: string[][] = [];
  const scheduled: Scheduled[] = [];
  const client = new WebSocketHostClient({
    url: 'ws://127.0.0.1:1/api',
    ...extra,
    createSocket: (_url, protocols) => {
      const socket = new FakeSocket();
      sockets.push(socket);
      offered.push(protocols);
      return socket;
    },
    timers: {
      setTimeout: (fn) => {
        const entry = { fn, done: false };
        scheduled.push(entry);
        return entry;
      },
      clearTimeout: (entry) => {
        if (entry) (entry as Scheduled).done = true;
      },
      now: () => 1000,
    },
    delay: (attempt) => attempt * 100,
  });
  const runTimers = () => {
    for (const entry of scheduled.splice(0)) if (!entry.done) entry.fn();
  };
  const last = () => sockets[sockets.length - 1];
  return { client, sockets, offered, scheduled, runTimers, last };
}

const isCode = (code: string, pattern?: RegExp) => (error: unknown) =>
  error instanceof HostError && error.code === code && (!pattern || pattern.test(error.message));

test('matches results and errors to their calls', async () => {
  const { client, last } = harness();
  last().open();
  const list = client.api.call('servers.list', {});
  const remove = client.api.call('servers.remove', { server: 'x' });
  const [first, second] = last().sent;
  assert.deepEqual(first, { type: 'call', id: first.id, method: 'servers.list', params: {} });
  last().deliver({ type: 'error', id: second.id, error: { code: 'not_found', message: 'no server named x' } });
  last().deliver({ type: 'result', id: first.id, result: [] });
  assert.deepEqual(await list, []);
  await assert.rejects(remove, isCode('not_found', /^no server named x$/));
});

test('delivers events to listeners until they unsubscribe', () => {
  const { client, last } = harness();
  last().open();
  const seen: number[] = [];
  const off = client.api.on('servers.log', (entry) => seen.push(entry.seq));
  last().deliver({ type: 'event', event: 'servers.log', payload: { seq: 1 } });
  off();
  last().deliver({ type: 'event', event: 'servers.log', payload: { seq: 2 } });
  assert.deepEqual(seen, [1]);
});

test('a drop rejects calls in flight, reconnects with backoff, and bumps the epoch', async () => {
  const { client, sockets, last, runTimers } = harness();
  const states: ConnectionState[] = [];
  client.onStateChange((state) => states.push(state));
  last().open();
  const inFlight = client.api.call('servers.list', {});
  last().drop();
  await assert.rejects(inFlight, isCode('server_unavailable', /dropped/));
  assert.equal(client.state().status, 'reconnecting');
  assert.equal(client.state().retryAt, 1100);

  await assert.rejects(client.api.call('servers.list', {}), isCode('server_unavailable', /Not connected/));

  runTimers();
  assert.equal(sockets.length, 2);
  last().drop();
  assert.equal(client.state().attempt, 2);
  assert.equal(client.state().retryAt, 1200);
  runTimers();
  last().open();
  assert.deepEqual(
    states.map((state) => [state.status, state.epoch]),
    [
      ['open', 1],
      ['reconnecting', 1],
      ['reconnecting', 1],
      ['open', 2],
    ],
  );
  assert.equal(client.state().attempt, 0);
});

test('events survive a reconnect: listeners stay attached to the client, not the socket', () => {
  const { client, last, runTimers } = harness();
  const seen: number[] = [];
  client.api.on('servers.changed', (list) => seen.push(list.length));
  last().open();
  last().drop();
  runTimers();
  last().open();
  last().deliver({ type: 'event', event: 'servers.changed', payload: [{}, {}] });
  assert.deepEqual(seen, [2]);
});

test('retryNow skips the wait; close stops reconnecting', () => {
  const { client, sockets, last, runTimers } = harness();
  last().drop();
  client.retryNow();
  assert.equal(sockets.length, 2);
  client.close();
  runTimers();
  assert.equal(sockets.length, 2);
});

test('a malformed answer with a readable id fails that call instead of leaving it hanging', async () => {
  const { client, last } = harness();
  last().open();
  const call = client.api.call('servers.list', {});
  last().deliver({ type: 'result', id: last().sent[0].id, result: [], extra: true });
  await assert.rejects(call, isCode('internal', /Malformed/));
});

test('offers the given subprotocols on every attempt', () => {
  const { offered, last, runTimers } = harness({ protocols: ['switchboard.v1', 'switchboard.token.abc'] });
  last().drop();
  runTimers();
  assert.deepEqual(offered, [
    ['switchboard.v1', 'switchboard.token.abc'],
    ['switchboard.v1', 'switchboard.token.abc'],
  ]);
});

test('a handshake that fails is checked: a refused token stops the retries, a host that is away is retried', async () => {
  let verdict: AccessVerdict = 'unreachable';
  let checks = 0;
  const { client, sockets, scheduled, last, runTimers } = harness({
    checkAccess: async () => {
      checks += 1;
      return verdict;
    },
  });
  last().drop();
  await Promise.resolve();
  await Promise.resolve();
  assert.equal(checks, 1);
  assert.equal(client.state().status, 'reconnecting');
  runTimers();
  assert.equal(sockets.length, 2);

  verdict = 'refused';
  last().drop();
  await Promise.resolve();
  await Promise.resolve();
  assert.equal(client.state().status, 'refused');
  assert.equal(scheduled.filter((entry) => !entry.done).length, 0, 'nothing scheduled');
  client.retryNow();
  assert.equal(sockets.length, 2, 'a refused page does not knock again');
  await assert.rejects(client.api.call('servers.list', {}), isCode('server_unavailable'));
});

test('a socket that was open and dropped is retried without asking (the host restarting)', async () => {
  let checks = 0;
  const { client, last } = harness({
    checkAccess: async () => {
      checks += 1;
      return 'refused';
    },
  });
  last().open();
  last().drop();
  await Promise.resolve();
  assert.equal(checks, 0);
  assert.equal(client.state().status, 'reconnecting');
});
