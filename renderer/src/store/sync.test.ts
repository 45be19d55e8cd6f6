import { assert, test } from '../test-support/node-test.mjs';
import type { HostEventName } from '../../../shared/api/host-api.ts';
import type { ServerState } from '../../../shared/servers/server-state.ts';
import type { ConnectionState, HostConnection } from '../api/host-connection.ts';
import { createAppStore } from './app-store.ts';
import { syncStore } from './sync.ts';

function fakeConnection() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const calls: string[] = [];
  let state: ConnectionState = { status: 'connecting', attempt: 0, epoch: 0 };
  let lists = 0;
  const connection = {
    api: {
      call: async (method: string) => {
        calls.push(method);
        if (method === 'servers.list') return [{ name: `fetch${++lists}` }];
        if (method === 'servers.config') return { path: 'mcp.json', entries: {} };
        return method.endsWith('.list') ? [] : {};
      },
      on: (event: string, fn: (payload: unknown) => void) => {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)?.add(fn);
        return () => listeners.get(event)?.delete(fn);
      },
    },
    state: () => state,
    onStateChange: (fn: (state: ConnectionState) => void) => {
      stateListeners.add(fn);
      return () => stateListeners.delete(fn);
    },
    retryNow() {},
  } as unknown as HostConnection;
  return {
    calls,
    connection,
    emit: (event: HostEventName, payload: unknown) => listeners.get(event)?.forEach((fn) => fn(payload)),
    setState(next: ConnectionState) {
      state = next;
      stateListeners.forEach((fn) => fn(next));
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const names = (servers: ServerState[] | undefined) => servers?.map((server) => server.name);

test('fetches state on every (re)open and mirrors events in between', async () => {
  const fake = fakeConnection();
  const store = createAppStore();
  const stop = syncStore(fake.connection, store);
  assert.deepEqual(fake.calls, []);

  fake.setState({ status: 'open', attempt: 0, epoch: 1 });
  await tick();
  assert.deepEqual(
    fake.calls.filter((method) => method.startsWith('servers.')),
    ['servers.list', 'servers.config'],
  );
  assert.deepEqual(names(store.getState().servers), ['fetch1']);

  fake.emit('servers.changed', [{ name: 'from-event' }]);
  assert.deepEqual(names(store.getState().servers), ['from-event']);

  fake.setState({ status: 'reconnecting', attempt: 1, epoch: 1, retryAt: 5 });
  assert.equal(store.getState().connection.status, 'reconnecting');
  fake.setState({ status: 'open', attempt: 0, epoch: 2 });
  await tick();
  assert.deepEqual(names(store.getState().servers), ['fetch2']);

  stop();
  fake.emit('servers.changed', []);
  assert.deepEqual(names(store.getState().servers), ['fetch2']);
});
