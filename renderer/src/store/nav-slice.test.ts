import { assert, test } from '../test-support/node-test.mjs';
import { createAppStore } from './app-store.ts';

test('a narrow window starts on the server list, opens a chosen server, and goes back to the list keeping the choice', () => {
  const s = createAppStore().getState;
  assert.equal(s().serverPane, 'list');
  s().selectServer('files', 'log');
  assert.equal(s().serverPane, 'detail');
  assert.equal(s().serverTab, 'log');
  s().showServerList();
  assert.equal(s().serverPane, 'list');
  assert.equal(s().selectedServer, 'files');
  s().selectServer(undefined);
  assert.equal(s().serverPane, 'list');
});
